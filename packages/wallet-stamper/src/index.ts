export { WalletStamper, STAMP_HEADER_NAME } from './stamper.js';
export type { WalletStampResult } from './stamper.js';
export { SolanaWallet } from './solana.js';
export type { SolanaWalletAdapter } from './solana.js';
export { WalletStamperError } from './errors.js';
export type { WalletStamperErrorReason } from './errors.js';
export type { WalletCurveType, WalletInterface, WalletSignature, WalletSignatureScheme } from './wallet.js';
