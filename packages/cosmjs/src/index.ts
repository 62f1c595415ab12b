export { SigilDirectSigner } from './direct-signer.js';
export { SigilAminoSigner } from './amino-signer.js';
export type { SigilSignerOptions } from './options.js';
export { SigilActivityError } from './errors.js';
