import {createHash} from 'node:crypto';

/**
 * Pure helpers of the security-headers plugin: find the inline scripts of a
 * built HTML page, hash them, and write the policy into the page and into a
 * `_headers` file. Kept free of I/O so they are unit-tested directly.
 */

/** Directives a site may add sources to (for a configured third-party service, say). */
export type ExtensibleDirective = 'script-src' | 'connect-src' | 'frame-src' | 'img-src' | 'style-src' | 'font-src';

export type ExtraSources = Partial<Record<ExtensibleDirective, readonly string[]>>;

export interface PolicyOptions {
  /** `'sha256-…'` sources of the inline scripts the policy allows. */
  scriptHashes: readonly string[];
  /** Extra sources per directive; none by default. */
  extra?: ExtraSources;
}

// `type` values a browser executes as script (absent, JavaScript MIME types or module).
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

const SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Reads one attribute of a (minified, possibly unquoted) start-tag attribute string. */
export function attributeValue(attrs: string, name: string): string | undefined {
  const re = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+)))?(?=\\s|/|$)`, 'i');
  const m = re.exec(attrs);
  if (!m) return undefined;
  return m[1] ?? m[2] ?? m[3] ?? '';
}

/** The source text of every inline script the browser would execute. */
export function executableInlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(SCRIPT_RE)) {
    const attrs = m[1] ?? '';
    if (attributeValue(attrs, 'src') !== undefined) continue;
    const type = (attributeValue(attrs, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue; // JSON-LD and other data blocks never run
    out.push(m[2] ?? '');
  }
  return out;
}

/** A CSP hash source for a script body, exactly as the browser hashes it (UTF-8 of the raw text). */
export function hashSource(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/** Event-handler attributes (`onclick=`, …) cannot be allowed by hashes without 'unsafe-hashes': report them. */
export function inlineEventHandlers(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(/<[a-z][a-z0-9-]*\b([^>]*)>/gi)) {
    for (const attr of (tag[1] ?? '').matchAll(/(?:^|\s)(on[a-z]+)\s*=/gi)) found.push(attr[1]!.toLowerCase());
  }
  return found;
}

/**
 * The policy. Scripts: only the site's own files and the hashed inline scripts;
 * 'wasm-unsafe-eval' lets Pagefind compile its WebAssembly search index and is
 * not 'unsafe-eval' (no string-to-code). Styles need 'unsafe-inline': the
 * server-rendered HTML carries style attributes and each diagram's inline
 * SVG carries its <style> (plugins/diagrams). No other host is contacted.
 */
export function buildPolicy({scriptHashes, extra = {}}: PolicyOptions): string {
  const more = (d: ExtensibleDirective) => [...(extra[d] ?? [])];
  const frameSrc = more('frame-src');
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...[...new Set(scriptHashes)].sort(), ...more('script-src')]],
    ['style-src', ["'self'", "'unsafe-inline'", ...more('style-src')]],
    ['img-src', ["'self'", 'data:', ...more('img-src')]],
    ['font-src', ["'self'", 'data:', ...more('font-src')]],
    ['connect-src', ["'self'", ...more('connect-src')]],
    ...(frameSrc.length > 0 ? [['frame-src', ["'self'", ...frameSrc]] as [string, string[]]] : []),
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** Adds sources together, directive by directive. */
export function mergeSources(...all: readonly ExtraSources[]): ExtraSources {
  const out: Record<string, string[]> = {};
  for (const extra of all) {
    for (const [d, sources] of Object.entries(extra)) out[d] = [...new Set([...(out[d] ?? []), ...(sources ?? [])])];
  }
  return out as ExtraSources;
}

const META_MARKER = 'http-equiv="Content-Security-Policy"';

/**
 * Puts the policy meta tag at the top of <head>: right after `<meta charset>`
 * when that comes first (the encoding must stay within the first 1024 bytes),
 * otherwise as the first element. Either way it precedes every script, style
 * and link it governs. Idempotent: an existing policy tag is replaced.
 */
export function injectPolicyMeta(html: string, policy: string): string {
  const tag = `<meta ${META_MARKER} content="${policy.replace(/"/g, '&quot;')}">`;
  const withoutOld = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, '');
  const head = /<head\b[^>]*>/i.exec(withoutOld);
  if (!head) throw new Error('No <head> in page: cannot add the Content Security Policy');
  let at = head.index + head[0].length;
  const charset = /^\s*<meta\s+charset\s*=\s*["']?[\w-]+["']?\s*\/?>/i.exec(withoutOld.slice(at));
  if (charset) at += charset[0].length;
  return withoutOld.slice(0, at) + tag + withoutOld.slice(at);
}

/**
 * `<meta name="referrer">` with the value `_headers` sends as `Referrer-Policy`:
 * on a host that ignores `_headers` (an object store behind a CDN, say) the
 * page still limits what it leaks in the Referer header. A meta CSP cannot
 * carry `frame-ancestors` or the other headers; this one it can. Placed right
 * after the policy tag, before any link or script; idempotent.
 */
export function injectReferrerMeta(html: string, policy: string): string {
  const tag = `<meta name="referrer" content="${policy.replace(/"/g, '&quot;')}">`;
  const withoutOld = html.replace(/<meta name="?referrer"?[^>]*>/gi, '');
  const csp = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/.exec(withoutOld);
  const head = /<head\b[^>]*>/i.exec(withoutOld);
  if (!head) throw new Error('No <head> in page: cannot add the referrer policy');
  const at = csp ? csp.index + csp[0].length : head.index + head[0].length;
  return withoutOld.slice(0, at) + tag + withoutOld.slice(at);
}

/** The referrer policy a page declares in its meta tag. */
export function referrerOfPage(html: string): string | undefined {
  return /<meta name="?referrer"? content="?([^">]*)"?>/i.exec(html)?.[1];
}

/** Reads the policy back out of a page (tests and the e2e suite use this). */
export function policyOfPage(html: string): string | undefined {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  return m?.[1]?.replace(/&quot;/g, '"');
}

export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/** Netlify / Cloudflare Pages `_headers` format: a path line, then indented `Name: value` lines. */
export function renderHeadersFile(rules: readonly HeaderRule[]): string {
  return (
    rules
      .map((r) => [r.path, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n'))
      .join('\n\n') + '\n'
  );
}

/** Parses a `_headers` file back into rules (used by the local static server). */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({path: line.trim(), headers: {}});
      continue;
    }
    const m = /^\s+([^:]+):\s*(.*)$/.exec(line);
    const current = rules[rules.length - 1];
    if (m && current) current.headers[m[1]!.trim()] = m[2]!.trim();
  }
  return rules;
}

/** The headers every response carries besides the policy itself. */
export const companionHeaders: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
};
