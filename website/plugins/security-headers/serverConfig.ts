import type {HeaderRule} from './csp';
import {isPrecompressedRule} from './precompressed';

/**
 * The `_headers` rules in the forms other servers take, so a build served by
 * nginx or a CDN sends the same headers as one on a host that reads `_headers`.
 * Besides the site-wide rule (`/*`) there are only the rules for Pagefind's
 * gzipped files, which the README's `server` block gives as a `location` of
 * its own (`NGINX_PRECOMPRESSED_LOCATION`); a rule for another path would
 * need its own nginx `location` too, so it is refused rather than widened.
 */
function siteWide(rules: readonly HeaderRule[]): Record<string, string> {
  rules = rules.filter((r) => !isPrecompressedRule(r));
  const other = rules.filter((r) => r.path !== '/*').map((r) => r.path);
  if (other.length > 0) throw new Error(`Only the "/*" rule can be converted; found rules for ${other.join(', ')}`);
  return Object.assign({}, ...rules.map((r) => r.headers)) as Record<string, string>;
}

/** `add_header` lines for an nginx `server` block (`always`: also on 404 and other error answers). */
export function nginxHeaderLines(headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([name, value]) => `add_header ${name} "${value.replace(/(["\\])/g, '\\$1')}" always;`);
}

export function toNginx(rules: readonly HeaderRule[]): string {
  return `${nginxHeaderLines(siteWide(rules)).join('\n')}\n`;
}

/** Name and value pairs, as a CDN's response-headers settings list them. */
export function toJson(rules: readonly HeaderRule[]): string {
  return `${JSON.stringify(
    Object.entries(siteWide(rules)).map(([name, value]) => ({name, value})),
    null,
    2,
  )}\n`;
}
