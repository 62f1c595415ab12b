export { run, USAGE } from './main.js';
export type { Io } from './io.js';
export { DEFAULT_BASE_URL } from '@sigil/http';
export { shellQuote } from './shell-quote.js';
export { CliError, UsageError } from './errors.js';
