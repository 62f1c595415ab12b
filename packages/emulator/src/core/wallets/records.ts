// Stored wallets, wallet accounts and private keys, with their API views and indexes. The emulator
// keeps mnemonics and private keys in its state in clear: it is a development tool (see the README).
import { toTimestamp as ts } from '../encoding.js';
import type { Database } from '../store.js';
import type { Curve } from './derivation.js';

export const W = {
  wallets: 'wallets',
  walletAccounts: 'walletAccounts',
  privateKeys: 'privateKeys',
} as const;

export interface WalletRecord {
  walletId: string;
  organizationId: string;
  walletName: string;
  mnemonic: string;
  /** The BIP-39 seed, hex, kept so accounts derive without running PBKDF2 again. */
  seed: string;
  exported: boolean;
  imported: boolean;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface WalletAccountRecord {
  walletAccountId: string;
  organizationId: string;
  walletId: string;
  curve: Curve;
  pathFormat: string;
  path: string;
  addressFormat: string;
  address: string;
  publicKey: string;
  privateKey: string;
  createdAtMs: number;
  updatedAtMs: number;
}

export interface PrivateKeyRecord {
  privateKeyId: string;
  organizationId: string;
  privateKeyName: string;
  curve: Curve;
  publicKey: string;
  privateKey: string;
  addresses: Array<{ format: string; address: string }>;
  exported: boolean;
  imported: boolean;
  createdAtMs: number;
  updatedAtMs: number;
}

/** Hex addresses (Ethereum, Sui, Aptos) match whatever their letter case; every other encoding is compared exactly. */
export const addressKey = (organizationId: string, address: string): string =>
  `${organizationId}\u0000${/^0x[0-9a-fA-F]+$/.test(address) ? address.toLowerCase() : address}`;

export function defineWalletIndexes(db: Database): void {
  db.defineIndex('walletsByOrg', W.wallets, (w: WalletRecord) => [w.organizationId]);
  db.defineIndex('walletAccountsByWallet', W.walletAccounts, (a: WalletAccountRecord) => [a.walletId]);
  db.defineIndex('walletAccountsByAddress', W.walletAccounts, (a: WalletAccountRecord) => [addressKey(a.organizationId, a.address)]);
  db.defineIndex('privateKeysByOrg', W.privateKeys, (k: PrivateKeyRecord) => [k.organizationId]);
  db.defineIndex('privateKeysByPublicKey', W.privateKeys, (k: PrivateKeyRecord) => [`${k.organizationId}\u0000${k.publicKey}`]);
}

export function walletView(w: WalletRecord) {
  return { walletId: w.walletId, walletName: w.walletName, createdAt: ts(w.createdAtMs), updatedAt: ts(w.updatedAtMs), exported: w.exported, imported: w.imported };
}

export function walletAccountView(a: WalletAccountRecord) {
  return {
    walletAccountId: a.walletAccountId,
    organizationId: a.organizationId,
    walletId: a.walletId,
    curve: a.curve,
    pathFormat: a.pathFormat,
    path: a.path,
    addressFormat: a.addressFormat,
    address: a.address,
    createdAt: ts(a.createdAtMs),
    updatedAt: ts(a.updatedAtMs),
  };
}

export function privateKeyView(k: PrivateKeyRecord, tagIds: string[]) {
  return {
    privateKeyId: k.privateKeyId,
    publicKey: k.publicKey,
    privateKeyName: k.privateKeyName,
    curve: k.curve,
    addresses: k.addresses,
    privateKeyTags: tagIds,
    createdAt: ts(k.createdAtMs),
    updatedAt: ts(k.updatedAtMs),
    exported: k.exported,
    imported: k.imported,
  };
}
