import type {HeaderRule} from './csp';

/**
 * Pagefind writes its WebAssembly, index chunks, filter indexes and fragments
 * gzipped. Sent with `Content-Encoding: gzip`, the browser inflates them
 * natively, off the page's main thread, and Pagefind's script (which marks
 * its files so it can tell) skips its own inflate in JavaScript: a few ms of
 * a slow phone's main thread per file, on every query. A host that ignores
 * the header, or compresses again, still works: Pagefind then inflates.
 * Paths, not patterns inside names, so every `_headers` host reads them (the
 * metadata file's name carries a hash and is left out; it loads once).
 */
export const PRECOMPRESSED_PATHS = ['/pagefind/wasm.en.pagefind', '/pagefind/index/*', '/pagefind/filter/*', '/pagefind/fragment/*'] as const;

export const precompressedRules: HeaderRule[] = PRECOMPRESSED_PATHS.map((path) => ({path, headers: {'Content-Encoding': 'gzip'}}));

export function isPrecompressedRule(rule: HeaderRule): boolean {
  const names = Object.keys(rule.headers);
  return (PRECOMPRESSED_PATHS as readonly string[]).includes(rule.path) && names.length === 1 && rule.headers['Content-Encoding'] === 'gzip';
}

/**
 * The same for nginx, as the README's `server` block has it: a `location` of
 * its own, which must include the security headers again (nginx drops the
 * `server` block's `add_header` lines in a `location` with its own) and must
 * not compress the files a second time.
 */
export const NGINX_PRECOMPRESSED_LOCATION = [
  'location ~ ^/pagefind/(wasm\\.[a-z-]+\\.pagefind|(index|filter|fragment)/.*)$ {',
  '    gzip off;',
  '    add_header Content-Encoding "gzip" always;',
  '    include /etc/nginx/snippets/sigil-headers.conf;',
  '}',
];
