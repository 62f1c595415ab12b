export { SigilSigner } from './signer.js';
export type { SigilSignerOptions, SolanaTransaction } from './signer.js';
export { SigilActivityError } from './errors.js';
