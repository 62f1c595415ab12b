export { SigilSigner } from './sigil-signer.js';
export type { SigilSignerOptions } from './sigil-signer.js';
export { SigilActivityError } from './errors.js';
