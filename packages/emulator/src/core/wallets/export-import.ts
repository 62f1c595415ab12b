// Export and import: export_wallet, export_wallet_account and export_private_key seal the secret to the
// caller's targetPublicKey (bundles.ts, the document's x-bundle-format); init_import_wallet and
// init_import_private_key make a one-time P-256 key and return it in an ImportBundle signed by the
// emulator's enclave quorum key (enclave-quorum.ts); import_wallet and import_private_key open the
// encryptedBundle with that key, check what it holds and store it as imported.
//
// Error messages never contain a secret or a part of one: a reader's logs may keep them.
import { p256 } from '@noble/curves/nist.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { PolicyRequest } from '@sigil/policy';
import { entropyToMnemonic, mnemonicToEntropy, validateMnemonic } from '@scure/bip39';
import { ApiError, Code, exhausted, exists, invalid, notFound, precondition } from '../errors.js';
import { limit } from '../document.js';
import { uuid } from '../encoding.js';
import { C, type UserRecord } from '../model.js';
import type { Database } from '../store.js';
import type { ExecutionContext, SubmissionHandlers } from '../handler-types.js';
import { openBundle, sealBundle } from '../bundles.js';
import { signedImportBundle } from '../enclave-quorum.js';
import { addressOf } from './addresses.js';
import { WORDLISTS } from './wordlists.js';
import { keyFromPrivate, type Curve } from './derivation.js';
import { createWallet, privateKeyTags } from './handlers.js';
import { W, addressKey, type PrivateKeyRecord, type WalletAccountRecord, type WalletRecord } from './records.js';

type Params = Record<string, unknown>;

const PRIVATE_KEYS_MAX = limit<number>('private-keys-per-organization');


/** The word list a valid mnemonic is written in (checksum included), or undefined. */
function wordlistOf(mnemonic: string): string[] | undefined {
  return Object.values(WORDLISTS).find((list) => validateMnemonic(mnemonic, list));
}

/** The mnemonic's entropy written with another word list. */
function inLanguage(mnemonic: string, language: string): string {
  const from = wordlistOf(mnemonic);
  const to = WORDLISTS[language];
  // A build may carry fewer lists (the docs site's sandbox keeps English only, for its size).
  if (!to) throw new ApiError(Code.UNIMPLEMENTED, `parameters.language: the ${language} word list is not in this build of the Sigil emulator; the local emulator (npm run emulator) has every MnemonicLanguage`);
  if (!from) throw new Error(`the stored mnemonic is in none of the word lists`);
  return entropyToMnemonic(mnemonicToEntropy(mnemonic, from), to);
}

const org = (context: ExecutionContext) => context.organization.organizationId;
const utf8 = new TextEncoder();

/** Seals to a targetPublicKey; a string that passed the schema's pattern but is not a P-256 point is a field error. */
function sealTo(targetPublicKey: string, plaintext: Uint8Array): string {
  try {
    p256.Point.fromHex(targetPublicKey);
  } catch {
    throw invalid('parameters.targetPublicKey', 'parameters.targetPublicKey: not a point of P-256; send the compressed public key of a P-256 key pair you generated');
  }
  return sealBundle(targetPublicKey, plaintext);
}

function walletPolicy(wallet: WalletRecord | undefined): Partial<PolicyRequest> {
  return wallet ? ({ wallet: { id: wallet.walletId, name: wallet.walletName } } as Partial<PolicyRequest>) : {};
}

function accountByAddress(db: Database, organizationId: string, address: unknown): WalletAccountRecord | undefined {
  if (typeof address !== 'string') return undefined;
  return db.lookupRecords<WalletAccountRecord>('walletAccountsByAddress', addressKey(organizationId, address), W.walletAccounts)[0];
}

// ---------------------------------------------------------------------------------------------------
// One-time import keys

type ImportKind = 'wallet' | 'privateKey';
const IMPORT_KEYS = 'importKeys';

/** A one-time key issued by init_import_*: the newest one per organization, user and kind is the one an import opens with. */
interface ImportKeyRecord {
  organizationId: string;
  userId: string;
  kind: ImportKind;
  privateKey: string;
  createdAtMs: number;
}

const importKeyId = (organizationId: string, userId: string, kind: ImportKind) => `${kind}\u0000${organizationId}\u0000${userId}`;

/** The import's userId must be the user who stamps it: the document has the same user send both steps. */
function importingUser(context: ExecutionContext, userId: unknown): string {
  const user = typeof userId === 'string' ? context.db.get<UserRecord>(C.users, userId) : undefined;
  if (!user || user.organizationId !== org(context)) throw notFound(`user ${String(userId)} not found in organization ${org(context)}`, 'parameters.userId');
  if (user.userId !== context.user.userId) {
    throw invalid('parameters.userId', `parameters.userId: an import is sent by the user it names; this request is stamped by user ${context.user.userId}, not ${user.userId}`);
  }
  return user.userId;
}

function initImport(context: ExecutionContext, userId: unknown, kind: ImportKind): string {
  const user = importingUser(context, userId);
  const privateKey = p256.utils.randomSecretKey();
  const record: ImportKeyRecord = { organizationId: org(context), userId: user, kind, privateKey: bytesToHex(privateKey), createdAtMs: context.now };
  context.db.put(IMPORT_KEYS, importKeyId(record.organizationId, user, kind), record);
  return signedImportBundle(bytesToHex(p256.getPublicKey(privateKey, false)), record.organizationId, user);
}

/** Opens encryptedBundle with the user's pending one-time key and uses the key up (the transaction restores it if the import fails). */
function openImport(context: ExecutionContext, p: Params, kind: ImportKind): Uint8Array {
  const user = importingUser(context, p.userId);
  const id = importKeyId(org(context), user, kind);
  const key = context.db.get<ImportKeyRecord>(IMPORT_KEYS, id);
  const init = kind === 'wallet' ? 'init_import_wallet' : 'init_import_private_key';
  if (!key) throw precondition(`user ${user} has no import key waiting: send ${init} first (each of its keys serves one import)`, 'parameters.encryptedBundle');
  const bundle = p.encryptedBundle;
  if (typeof bundle !== 'string' || !/^04([0-9a-f]{2})+$/.test(bundle)) {
    throw invalid('parameters.encryptedBundle', 'parameters.encryptedBundle: lowercase hex of the 65-byte encapsulated key (starting 04) followed by the ciphertext (x-bundle-format)');
  }
  let plaintext: Uint8Array;
  try {
    plaintext = openBundle(bundle, hexToBytes(key.privateKey));
  } catch {
    throw invalid('parameters.encryptedBundle', `parameters.encryptedBundle: does not decrypt with the key of the latest ${init} of this user; encrypt to targetPublic of that importBundle (x-bundle-format), unchanged`);
  }
  context.db.delete(IMPORT_KEYS, id);
  return plaintext;
}

function importedMnemonic(plaintext: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
  } catch {
    throw invalid('parameters.encryptedBundle', 'parameters.encryptedBundle: decrypts to bytes that are not UTF-8 text; encrypt the mnemonic as UTF-8');
  }
  if (!wordlistOf(text)) {
    throw invalid(
      'parameters.encryptedBundle',
      'parameters.encryptedBundle: decrypts to text that is not a BIP-39 mnemonic of 12, 15, 18, 21 or 24 words in one of the MnemonicLanguage word lists with a valid checksum (words separated by single spaces, no leading or trailing space)',
    );
  }
  return text;
}

function importedKey(plaintext: Uint8Array, curve: Curve) {
  if (plaintext.length !== 32) throw invalid('parameters.encryptedBundle', `parameters.encryptedBundle: decrypts to ${plaintext.length} bytes; a private key is 32 bytes`);
  if (curve === 'CURVE_SECP256K1' && !secp256k1.utils.isValidSecretKey(plaintext)) {
    throw invalid('parameters.encryptedBundle', 'parameters.encryptedBundle: decrypts to 32 bytes that are not a secp256k1 private key (zero, or not below the group order)');
  }
  return keyFromPrivate(curve, plaintext);
}

// ---------------------------------------------------------------------------------------------------

export const EXPORT_IMPORT_SUBMISSIONS = {
  export_wallet: {
    policyContext: (context, p) => {
      const wallet = typeof p.walletId === 'string' ? context.db.get<WalletRecord>(W.wallets, p.walletId) : undefined;
      return walletPolicy(wallet?.organizationId === org(context) ? wallet : undefined);
    },
    execute(context, p) {
      const walletId = p.walletId;
      const wallet = context.db.get<WalletRecord>(W.wallets, walletId);
      if (!wallet || wallet.organizationId !== org(context)) throw notFound(`wallet ${walletId} not found in organization ${org(context)}`, 'parameters.walletId');
      const language = p.language ?? 'MNEMONIC_LANGUAGE_ENGLISH';
      const exportBundle = sealTo(p.targetPublicKey, utf8.encode(inLanguage(wallet.mnemonic, language)));
      context.db.put(W.wallets, wallet.walletId, { ...wallet, exported: true, updatedAtMs: context.now });
      return { walletId: wallet.walletId, exportBundle };
    },
  },
  export_wallet_account: {
    policyContext: (context, p) => {
      const account = accountByAddress(context.db, org(context), p.address);
      return {
        ...(account ? { wallet_account: { address: account.address } } : {}),
        ...walletPolicy(account ? context.db.get<WalletRecord>(W.wallets, account.walletId) : undefined),
      } as Partial<PolicyRequest>;
    },
    execute(context, p) {
      const account = accountByAddress(context.db, org(context), p.address);
      if (!account) throw notFound(`no wallet account of organization ${org(context)} has address ${String(p.address)}`, 'parameters.address');
      // The wallet's `exported` flag is about its seed, which this does not reveal; it stays as it is.
      return { address: account.address, exportBundle: sealTo(p.targetPublicKey, hexToBytes(account.privateKey)) };
    },
  },
  export_private_key: {
    policyContext: (context, p) => {
      const key = typeof p.privateKeyId === 'string' ? context.db.get<PrivateKeyRecord>(W.privateKeys, p.privateKeyId) : undefined;
      return key && key.organizationId === org(context) ? ({ private_key: { id: key.privateKeyId, tags: privateKeyTags(context.db, key) } } as Partial<PolicyRequest>) : {};
    },
    execute(context, p) {
      const id = p.privateKeyId;
      const key = context.db.get<PrivateKeyRecord>(W.privateKeys, id);
      if (!key || key.organizationId !== org(context)) throw notFound(`private key ${id} not found in organization ${org(context)}`, 'parameters.privateKeyId');
      const exportBundle = sealTo(p.targetPublicKey, hexToBytes(key.privateKey));
      context.db.put(W.privateKeys, key.privateKeyId, { ...key, exported: true, updatedAtMs: context.now });
      return { privateKeyId: key.privateKeyId, exportBundle };
    },
  },
  init_import_wallet: {
    execute: (context, p) => ({ importBundle: initImport(context, p.userId, 'wallet') }),
  },
  init_import_private_key: {
    execute: (context, p) => ({ importBundle: initImport(context, p.userId, 'privateKey') }),
  },
  import_wallet: {
    execute(context, p) {
      const mnemonic = importedMnemonic(openImport(context, p, 'wallet'));
      return createWallet(context.db, org(context), { walletName: p.walletName, accounts: p.accounts, mnemonic }, 'parameters', context.now);
    },
  },
  import_private_key: {
    execute(context, p) {
      const { db, now } = context;
      const curve = p.curve;
      const pair = importedKey(openImport(context, p, 'privateKey'), curve);
      const existing = db.lookupRecords<PrivateKeyRecord>('privateKeysByOrg', org(context), W.privateKeys);
      if (existing.length >= PRIVATE_KEYS_MAX) {
        throw exhausted(`an organization holds at most ${PRIVATE_KEYS_MAX} private keys (x-limits private-keys-per-organization)`, 'parameters.privateKeyName');
      }
      const name = p.privateKeyName;
      if (existing.some((k) => k.privateKeyName === name)) throw exists(`a private key named ${name} already exists`, 'parameters.privateKeyName');
      const publicKey = bytesToHex(pair.publicKey);
      const twin = existing.find((k) => k.curve === curve && k.publicKey === publicKey);
      if (twin) throw exists(`this private key is already in organization ${org(context)} as ${twin.privateKeyId}`, 'parameters.encryptedBundle');
      const addresses = p.addressFormats.map((format, f) => ({
        format,
        address: addressOf(format, curve, pair.publicKey, `parameters.addressFormats[${f}]`),
      }));
      const record: PrivateKeyRecord = {
        privateKeyId: uuid(),
        organizationId: org(context),
        privateKeyName: name,
        curve,
        publicKey,
        privateKey: bytesToHex(pair.privateKey),
        addresses,
        exported: false,
        imported: true,
        createdAtMs: now,
        updatedAtMs: now,
      };
      db.put(W.privateKeys, record.privateKeyId, record);
      return { privateKeyId: record.privateKeyId, addresses };
    },
  },
} satisfies SubmissionHandlers;
