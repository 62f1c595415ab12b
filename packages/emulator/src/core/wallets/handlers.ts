// Wallets, wallet accounts and private keys: the submissions that create, rename and delete them, the
// queries that read them, and what signing and the policy context need to find a key.
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { PolicyRequest } from '@sigil/policy';
import { exhausted, exists, invalid, notFound, precondition } from '../errors.js';
import { limit } from '../document.js';
import { uuid } from '../encoding.js';
import { C, type TagRecord } from '../model.js';
import { page } from '../paging.js';
import type { Database } from '../store.js';
import type { ExecutionContext, QueryHandlers, RequestContext, SubmissionHandlers } from '../handler-types.js';
import { addressOf } from './addresses.js';
import { deriveKey, newMnemonic, randomKey, seedOf, type Curve } from './derivation.js';
import {
  W,
  addressKey,
  privateKeyView,
  walletAccountView,
  walletView,
  type PrivateKeyRecord,
  type WalletAccountRecord,
  type WalletRecord,
} from './records.js';



const WALLETS_MAX = limit<number>('wallets-per-organization');
const ACCOUNTS_MAX = limit<number>('wallet-accounts-per-wallet');
const PRIVATE_KEYS_MAX = limit<number>('private-keys-per-organization');
const MNEMONIC_DEFAULT = limit<number>('mnemonic-length-default');

interface AccountParams {
  curve: Curve;
  pathFormat: string;
  path: string;
  addressFormat: string;
}

const walletsOf = (db: Database, organizationId: string) => db.lookupRecords<WalletRecord>('walletsByOrg', organizationId, W.wallets);
const accountsOf = (db: Database, walletId: string) => db.lookupRecords<WalletAccountRecord>('walletAccountsByWallet', walletId, W.walletAccounts);
const privateKeysOf = (db: Database, organizationId: string) => db.lookupRecords<PrivateKeyRecord>('privateKeysByOrg', organizationId, W.privateKeys);

function walletIn(db: Database, organizationId: string, walletId: string, field: string): WalletRecord {
  const wallet = db.get<WalletRecord>(W.wallets, walletId);
  if (!wallet || wallet.organizationId !== organizationId) throw notFound(`wallet ${walletId} not found in organization ${organizationId}`, field);
  return wallet;
}

function privateKeyIn(db: Database, organizationId: string, privateKeyId: string, field: string): PrivateKeyRecord {
  const key = db.get<PrivateKeyRecord>(W.privateKeys, privateKeyId);
  if (!key || key.organizationId !== organizationId) throw notFound(`private key ${privateKeyId} not found in organization ${organizationId}`, field);
  return key;
}

/** Derives and stores accounts; an address the wallet already has is refused, so an address names one account. */
function deriveAccounts(db: Database, wallet: WalletRecord, accounts: AccountParams[], field: string, now: number): string[] {
  const existing = accountsOf(db, wallet.walletId);
  if (existing.length + accounts.length > ACCOUNTS_MAX) {
    throw exhausted(`a wallet holds at most ${ACCOUNTS_MAX} accounts (x-limits wallet-accounts-per-wallet)`, field);
  }
  const seed = hexToBytes(wallet.seed);
  return accounts.map((account, i) => {
    const at = `${field}[${i}]`;
    const key = deriveKey(seed, account.curve, account.path, `${at}.path`);
    const address = addressOf(account.addressFormat, account.curve, key.publicKey, `${at}.addressFormat`);
    const clash = db.lookupRecords<WalletAccountRecord>('walletAccountsByAddress', addressKey(wallet.organizationId, address), W.walletAccounts);
    if (clash.length > 0) throw exists(`${at}: wallet ${clash[0]!.walletId} already has an account with address ${address}`, at);
    const record: WalletAccountRecord = {
      walletAccountId: uuid(),
      organizationId: wallet.organizationId,
      walletId: wallet.walletId,
      curve: account.curve,
      pathFormat: account.pathFormat,
      path: account.path,
      addressFormat: account.addressFormat,
      address,
      publicKey: bytesToHex(key.publicKey),
      privateKey: bytesToHex(key.privateKey),
      createdAtMs: now,
      updatedAtMs: now,
    };
    db.put(W.walletAccounts, record.walletAccountId, record);
    return address;
  });
}

/** Creates a wallet from a new mnemonic (or a given one, for imports) and derives its first accounts. */
export function createWallet(
  db: Database,
  organizationId: string,
  p: { walletName: string; accounts: AccountParams[]; mnemonicLength?: number; mnemonic?: string },
  field: string,
  now: number,
): { walletId: string; addresses: string[] } {
  const wallets = walletsOf(db, organizationId);
  if (wallets.length >= WALLETS_MAX) throw exhausted(`an organization holds at most ${WALLETS_MAX} wallets (x-limits wallets-per-organization)`, field);
  if (wallets.some((w) => w.walletName === p.walletName)) throw exists(`a wallet named ${p.walletName} already exists`, `${field}.walletName`);
  const mnemonic = p.mnemonic ?? newMnemonic(p.mnemonicLength ?? MNEMONIC_DEFAULT);
  const wallet: WalletRecord = {
    walletId: uuid(),
    organizationId,
    walletName: p.walletName,
    mnemonic,
    seed: bytesToHex(seedOf(mnemonic)),
    exported: false,
    imported: p.mnemonic !== undefined,
    createdAtMs: now,
    updatedAtMs: now,
  };
  db.put(W.wallets, wallet.walletId, wallet);
  return { walletId: wallet.walletId, addresses: deriveAccounts(db, wallet, p.accounts, `${field}.accounts`, now) };
}

function deleteWallet(db: Database, wallet: WalletRecord): void {
  for (const account of accountsOf(db, wallet.walletId)) db.delete(W.walletAccounts, account.walletAccountId);
  db.delete(W.wallets, wallet.walletId);
}

export function privateKeyTags(db: Database, key: PrivateKeyRecord): string[] {
  return db
    .lookupRecords<TagRecord>('tagsByOrg', key.organizationId, C.tags)
    .filter((t) => t.tagType === 'TAG_TYPE_PRIVATE_KEY' && t.privateKeyIds.includes(key.privateKeyId))
    .map((t) => t.tagId);
}

function deletePrivateKey(db: Database, key: PrivateKeyRecord, now: number): void {
  for (const tag of db.lookupRecords<TagRecord>('tagsByOrg', key.organizationId, C.tags)) {
    if (tag.privateKeyIds.includes(key.privateKeyId)) db.put(C.tags, tag.tagId, { ...tag, privateKeyIds: tag.privateKeyIds.filter((id) => id !== key.privateKeyId), updatedAtMs: now });
  }
  db.delete(W.privateKeys, key.privateKeyId);
}

const neverExported = (what: string, field: string) =>
  precondition(`${what} was never exported; export it first, or set deleteWithoutExport to true to destroy it for good`, field);

/**
 * For delete_sub_organization: refuses while a wallet or private key of the organization was never
 * exported (unless deleteWithoutExport), then deletes them all.
 */
export function deleteOrganizationKeys(db: Database, organizationId: string, deleteWithoutExport: boolean, now: number): void {
  const wallets = walletsOf(db, organizationId);
  const keys = privateKeysOf(db, organizationId);
  if (!deleteWithoutExport) {
    const wallet = wallets.find((w) => !w.exported);
    if (wallet) throw neverExported(`wallet ${wallet.walletId} (${wallet.walletName}) of organization ${organizationId}`, 'parameters.deleteWithoutExport');
    const key = keys.find((k) => !k.exported);
    if (key) throw neverExported(`private key ${key.privateKeyId} (${key.privateKeyName}) of organization ${organizationId}`, 'parameters.deleteWithoutExport');
  }
  for (const wallet of wallets) deleteWallet(db, wallet);
  for (const key of keys) deletePrivateKey(db, key, now);
}

const org = (context: ExecutionContext) => context.organization.organizationId;

/** The key that signs for `signWith`: a wallet account address, a private key ID, or a private key's public key. */
export interface SigningKey {
  curve: Curve;
  privateKey: Uint8Array;
  publicKey: Uint8Array;
  account?: WalletAccountRecord;
  wallet?: WalletRecord;
  key?: PrivateKeyRecord;
}

function findSigningKey(db: Database, organizationId: string, signWith: string): SigningKey | undefined {
  const account = db.lookupRecords<WalletAccountRecord>('walletAccountsByAddress', addressKey(organizationId, signWith), W.walletAccounts)[0];
  if (account) {
    const wallet = db.get<WalletRecord>(W.wallets, account.walletId);
    return { curve: account.curve, privateKey: hexToBytes(account.privateKey), publicKey: hexToBytes(account.publicKey), account, ...(wallet ? { wallet } : {}) };
  }
  const byId = db.get<PrivateKeyRecord>(W.privateKeys, signWith);
  const key =
    byId && byId.organizationId === organizationId
      ? byId
      : db.lookupRecords<PrivateKeyRecord>('privateKeysByPublicKey', `${organizationId}\u0000${signWith.toLowerCase()}`, W.privateKeys)[0];
  if (!key) return undefined;
  return { curve: key.curve, privateKey: hexToBytes(key.privateKey), publicKey: hexToBytes(key.publicKey), key };
}

export function signingKey(db: Database, organizationId: string, signWith: string): SigningKey {
  const found = findSigningKey(db, organizationId, signWith);
  if (!found) {
    throw notFound(`parameters.signWith: no wallet account address, private key ID or private key public key of organization ${organizationId} is ${signWith}`, 'parameters.signWith');
  }
  return found;
}

/** What policies see about the signing key: `wallet`, `wallet_account`, or `private_key` with its tags. */
export function signingPolicyContext(db: Database, organizationId: string, signWith: unknown): Partial<PolicyRequest> {
  if (typeof signWith !== 'string') return {};
  const found = findSigningKey(db, organizationId, signWith);
  if (!found) return {};
  if (found.account) {
    return {
      wallet_account: { address: found.account.address },
      ...(found.wallet ? { wallet: { id: found.wallet.walletId, name: found.wallet.walletName } } : {}),
    } as Partial<PolicyRequest>;
  }
  return { private_key: { id: found.key!.privateKeyId, tags: privateKeyTags(db, found.key!) } } as Partial<PolicyRequest>;
}

function walletPolicyContext(context: ExecutionContext, walletId: unknown): Partial<PolicyRequest> {
  const wallet = typeof walletId === 'string' ? context.db.get<WalletRecord>(W.wallets, walletId) : undefined;
  if (!wallet || wallet.organizationId !== org(context)) return {};
  return { wallet: { id: wallet.walletId, name: wallet.walletName } } as Partial<PolicyRequest>;
}

export const WALLET_SUBMISSIONS = {
  create_wallet: {
    execute: (context, p) => createWallet(context.db, org(context), p, 'parameters', context.now),
  },
  create_wallet_accounts: {
    policyContext: (context, p) => walletPolicyContext(context, p.walletId),
    execute(context, p) {
      const wallet = walletIn(context.db, org(context), p.walletId, 'parameters.walletId');
      return { addresses: deriveAccounts(context.db, wallet, p.accounts, 'parameters.accounts', context.now) };
    },
  },
  update_wallet: {
    policyContext: (context, p) => walletPolicyContext(context, p.walletId),
    execute(context, p) {
      const wallet = walletIn(context.db, org(context), p.walletId, 'parameters.walletId');
      if (p.walletName !== wallet.walletName && walletsOf(context.db, org(context)).some((w) => w.walletName === p.walletName)) {
        throw exists(`a wallet named ${String(p.walletName)} already exists`, 'parameters.walletName');
      }
      context.db.put(W.wallets, wallet.walletId, { ...wallet, walletName: p.walletName, updatedAtMs: context.now });
      return { walletId: wallet.walletId };
    },
  },
  delete_wallets: {
    policyContext: (context, p) => walletPolicyContext(context, p.walletIds?.[0]),
    execute(context, p) {
      const ids = p.walletIds;
      if (new Set(ids).size !== ids.length) throw invalid('parameters.walletIds', 'parameters.walletIds: a wallet ID is listed twice');
      const wallets = ids.map((id, i) => walletIn(context.db, org(context), id, `parameters.walletIds[${i}]`));
      wallets.forEach((wallet, i) => {
        if (!wallet.exported && p.deleteWithoutExport !== true) throw neverExported(`wallet ${wallet.walletId} (${wallet.walletName})`, `parameters.walletIds[${i}]`);
      });
      for (const wallet of wallets) deleteWallet(context.db, wallet);
      return { walletIds: ids };
    },
  },
  create_private_keys: {
    execute(context, p) {
      const { db, now } = context;
      const inputs = p.privateKeys;
      const existing = privateKeysOf(db, org(context));
      if (existing.length + inputs.length > PRIVATE_KEYS_MAX) {
        throw exhausted(`an organization holds at most ${PRIVATE_KEYS_MAX} private keys (x-limits private-keys-per-organization)`, 'parameters.privateKeys');
      }
      const names = new Set(existing.map((k) => k.privateKeyName));
      const created = inputs.map((input, i) => {
        const field = `parameters.privateKeys[${i}]`;
        const name = input.privateKeyName;
        if (names.has(name)) throw exists(`a private key named ${name} already exists`, `${field}.privateKeyName`);
        names.add(name);
        const tags = input.privateKeyTags.map((tagId, t) => {
          const tag = db.get<TagRecord>(C.tags, tagId);
          if (!tag || tag.organizationId !== org(context) || tag.tagType !== 'TAG_TYPE_PRIVATE_KEY') throw notFound(`private key tag ${tagId} not found`, `${field}.privateKeyTags[${t}]`);
          return tag;
        });
        const curve = input.curve;
        const pair = randomKey(curve);
        const addresses = input.addressFormats.map((format, f) => ({
          format,
          address: addressOf(format, curve, pair.publicKey, `${field}.addressFormats[${f}]`),
        }));
        const record: PrivateKeyRecord = {
          privateKeyId: uuid(),
          organizationId: org(context),
          privateKeyName: name,
          curve,
          publicKey: bytesToHex(pair.publicKey),
          privateKey: bytesToHex(pair.privateKey),
          addresses,
          exported: false,
          imported: false,
          createdAtMs: now,
          updatedAtMs: now,
        };
        db.put(W.privateKeys, record.privateKeyId, record);
        for (const tag of tags) {
          const current = db.get<TagRecord>(C.tags, tag.tagId)!;
          db.put(C.tags, tag.tagId, { ...current, privateKeyIds: [...current.privateKeyIds, record.privateKeyId], updatedAtMs: now });
        }
        return { privateKeyId: record.privateKeyId, addresses };
      });
      return { privateKeyIds: created.map((k) => k.privateKeyId), privateKeys: created };
    },
  },
  delete_private_keys: {
    policyContext(context, p) {
      const id = p.privateKeyIds?.[0];
      const key = id ? context.db.get<PrivateKeyRecord>(W.privateKeys, id) : undefined;
      if (!key || key.organizationId !== org(context)) return {};
      return { private_key: { id: key.privateKeyId, tags: privateKeyTags(context.db, key) } } as Partial<PolicyRequest>;
    },
    execute(context, p) {
      const ids = p.privateKeyIds;
      if (new Set(ids).size !== ids.length) throw invalid('parameters.privateKeyIds', 'parameters.privateKeyIds: a private key ID is listed twice');
      const keys = ids.map((id, i) => privateKeyIn(context.db, org(context), id, `parameters.privateKeyIds[${i}]`));
      keys.forEach((key, i) => {
        if (!key.exported && p.deleteWithoutExport !== true) throw neverExported(`private key ${key.privateKeyId} (${key.privateKeyName})`, `parameters.privateKeyIds[${i}]`);
      });
      for (const key of keys) deletePrivateKey(context.db, key, context.now);
      return { privateKeyIds: ids };
    },
  },
} satisfies SubmissionHandlers;

const orgOf = (context: RequestContext) => context.organization.organizationId;

export const WALLET_QUERIES = {
  get_wallet: (context) => ({ wallet: walletView(walletIn(context.db, orgOf(context), context.body.walletId, 'walletId')) }),
  list_wallets: (context) => ({ wallets: walletsOf(context.db, orgOf(context)).map(walletView) }),
  get_wallet_account: (context) => {
    const { walletId, address, path } = context.body;
    const wallet = walletIn(context.db, orgOf(context), walletId, 'walletId');
    if ((address === undefined) === (path === undefined)) throw invalid(address === undefined ? 'address' : 'path', 'send exactly one of address and path');
    const accounts = accountsOf(context.db, wallet.walletId);
    // Several accounts can share a path (one per address format); the oldest answers.
    const account =
      address !== undefined
        ? accounts.find((a) => addressKey(a.organizationId, a.address) === addressKey(a.organizationId, address))
        : accounts.find((a) => a.path === path);
    if (!account) {
      const field = address !== undefined ? 'address' : 'path';
      throw notFound(`wallet ${wallet.walletId} has no account with ${field} ${address ?? path}`, field);
    }
    return { account: walletAccountView(account) };
  },
  list_wallet_accounts: (context) => {
    const wallet = walletIn(context.db, orgOf(context), context.body.walletId, 'walletId');
    const accounts = page(accountsOf(context.db, wallet.walletId), (a) => a.walletAccountId, context.body.paginationOptions);
    return { accounts: accounts.map(walletAccountView) };
  },
  get_private_key: (context) => {
    const key = privateKeyIn(context.db, orgOf(context), context.body.privateKeyId, 'privateKeyId');
    return { privateKey: privateKeyView(key, privateKeyTags(context.db, key)) };
  },
  list_private_keys: (context) => ({
    privateKeys: privateKeysOf(context.db, orgOf(context)).map((key) => privateKeyView(key, privateKeyTags(context.db, key))),
  }),
} satisfies QueryHandlers;
