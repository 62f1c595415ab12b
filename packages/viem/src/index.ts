export { createAccount } from './account.js';
export type { CreateAccountOptions } from './account.js';
export { SigilActivityError } from './errors.js';
