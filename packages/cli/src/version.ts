import { readFileSync } from 'node:fs';

/** This package's version, read from its package.json (dist/version.js sits one level below it). */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
