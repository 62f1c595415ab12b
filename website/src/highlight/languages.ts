/**
 * Prism grammars loaded on top of prism-react-renderer's own (the site
 * config's `prism.additionalLanguages`). The build's tokenizer loads them
 * from this list; the in-browser fallback (`runtime.ts`) imports the same
 * files, which `runtime.test.ts` checks.
 */
export const additionalLanguages = ['swift', 'bash', 'json', 'ruby', 'dart'];

/** Languages that are plain text: no grammar, no need to load Prism for them. */
export const plainLanguages = new Set(['text', 'txt', 'plain', 'plaintext']);
