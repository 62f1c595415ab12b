import {existsSync} from 'node:fs';
import {readdir, readFile, rename, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {
  buildPolicy,
  companionHeaders,
  executableInlineScripts,
  hashSource,
  inlineEventHandlers,
  injectPolicyMeta,
  injectReferrerMeta,
  mergeSources,
  renderHeadersFile,
  type ExtraSources,
} from './csp';
import {precompressedRules} from './precompressed';
import {injectScopeMeta, inScope, scopeOf} from './scopes';

export interface SecurityHeadersOptions {
  /** Extra `connect-src` sources on every page (a configured hosted search, say). */
  connectSrc?: string[];
  /** Extra sources per directive on every page (a configured chatbot's script, frame and API hosts, say). */
  sources?: ExtraSources;
  /**
   * Extra sources only on the pages under a path prefix: e.g. the API
   * reference's request builder, whose Send button posts to a base URL the
   * reader types, needs `connect-src https:` there and nowhere else.
   */
  pages?: Array<{pathPrefix: string; sources: ExtraSources}>;
}

/** `a/b/index.html` -> `/a/b/`, `a.html` -> `/a`. */
function routeOf(relativeFile: string): string {
  const p = '/' + relativeFile.split(path.sep).join('/');
  return p.replace(/index\.html$/, '').replace(/\.html$/, '');
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true, recursive: true});
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => path.join(e.parentPath, e.name));
}

/**
 * Other plugins' postBuild hooks (Pagefind indexing among them) run at the same
 * time as this one and may read these pages: replace each file atomically so
 * no reader ever sees a half-written page.
 */
async function writeAtomically(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.csp-tmp`;
  await writeFile(tmp, text);
  await rename(tmp, file);
}

/**
 * A strict Content Security Policy for every built page: after the build, each
 * HTML file gets a `<meta http-equiv="Content-Security-Policy">` allowing its
 * own inline scripts by hash and a `<meta name="referrer">`, and `_headers`
 * (Netlify / Cloudflare Pages) carries the policy plus the headers a meta tag
 * cannot deliver. The README shows the same headers for nginx and a CDN.
 */
export default function securityHeaders(_context: unknown, options: SecurityHeadersOptions = {}): Plugin {
  const everywhere = mergeSources(options.sources ?? {}, {'connect-src': options.connectSrc ?? []});
  const pageRules = options.pages ?? [];
  const sourcesFor = (route: string) =>
    mergeSources(everywhere, ...pageRules.filter((r) => inScope(route, r.pathPrefix)).map((r) => r.sources));
  const prefixes = pageRules.map((r) => r.pathPrefix);

  return {
    name: 'sigil-security-headers',
    async postBuild({outDir}) {
      const allHashes = new Set<string>();
      const handlers: string[] = [];
      for (const file of await htmlFiles(outDir)) {
        const html = await readFile(file, 'utf8');
        const hashes = executableInlineScripts(html).map(hashSource);
        hashes.forEach((h) => allHashes.add(h));
        const onAttrs = inlineEventHandlers(html);
        if (onAttrs.length > 0) handlers.push(`${path.relative(outDir, file)}: ${[...new Set(onAttrs)].join(', ')}`);
        const route = routeOf(path.relative(outDir, file));
        const policy = buildPolicy({scriptHashes: hashes, extra: sourcesFor(route)});
        // The scope tag tells the browser which policy this document carries (clientModules/policyBoundary.ts).
        const withPolicy = injectScopeMeta(injectPolicyMeta(html, policy), scopeOf(route, prefixes));
        await writeAtomically(file, injectReferrerMeta(withPolicy, companionHeaders['Referrer-Policy']!));
      }
      if (handlers.length > 0) {
        // A strict policy blocks these; fail loudly rather than ship a page whose handlers silently do nothing.
        throw new Error(`Inline event handler attributes are blocked by the Content Security Policy:\n${handlers.join('\n')}`);
      }
      // One header policy for all paths: the union of every page's hashes and
      // sources. Browsers enforce both policies, so each page's own meta policy
      // narrows it back to exactly that page's scripts and hosts.
      const union = mergeSources(everywhere, ...pageRules.map((r) => r.sources));
      const headerPolicy = `${buildPolicy({scriptHashes: [...allHashes], extra: union})}; frame-ancestors 'none'`;
      const headersPath = path.join(outDir, '_headers');
      // Keep rules a maintainer put in static/_headers; ours go last.
      const existing = existsSync(headersPath) ? (await readFile(headersPath, 'utf8')).trimEnd() + '\n\n' : '';
      const ours = renderHeadersFile([{path: '/*', headers: {'Content-Security-Policy': headerPolicy, ...companionHeaders}}, ...precompressedRules]);
      await writeFile(headersPath, existing + ours);
    },
  };
}
