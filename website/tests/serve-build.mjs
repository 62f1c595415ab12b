#!/usr/bin/env node
// Serves website/build the way a static host does: gzip for text, clean URLs
// with an optional trailing slash, 404.html for unknown paths. Used by the
// e2e suite and the benchmarks, so they measure what production would send.
// `createBuildServer` is exported for its unit test (serve-build.test.ts); run as a script, it listens.
import {createServer} from 'node:http';
import {createReadStream, existsSync, readFileSync, statSync} from 'node:fs';
import {extname, join, normalize, resolve} from 'node:path';
import {createGzip} from 'node:zlib';
import {parseArgs} from 'node:util';
import {fileURLToPath, pathToFileURL} from 'node:url';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_filter': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};
const compressible = /^(text\/|application\/(json|yaml|xml|javascript)|image\/svg)/;
/**
 * Pagefind writes its index, fragments and WebAssembly gzipped. Sent as they
 * are with `Content-Encoding: gzip` (as `_headers` tells hosts to), the browser
 * inflates them natively and Pagefind's script skips its own, slower inflate.
 */
const pagefindGzipped = /^\/pagefind\/.*\.(pf_meta|pf_index|pf_fragment|pf_filter|pagefind)$/;

/**
 * The build's `_headers` file (Netlify / Cloudflare Pages format), applied the
 * way those hosts do, so tests run under the same Content Security Policy.
 * Patterns: exact paths, or a trailing `*` matching any rest.
 */
function loadHeaderRules(root) {
  const file = join(root, '_headers');
  if (!existsSync(file)) return [];
  const rules = [];
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({pattern: line.trim(), headers: {}});
    else {
      const m = /^\s+([^:]+):\s*(.*)$/.exec(line);
      if (m && rules.length) rules[rules.length - 1].headers[m[1].trim()] = m[2].trim();
    }
  }
  return rules;
}
function headersFor(headerRules, pathname) {
  const out = {};
  for (const {pattern, headers} of headerRules) {
    const matches = pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
    if (matches) Object.assign(out, headers);
  }
  return out;
}

function isFile(p) {
  return existsSync(p) && statSync(p).isFile();
}

/** The file a URL path names under `root`, or undefined (also for a path whose percent-encoding is broken). */
function resolvePath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const clean = normalize(decoded).replace(/^(\.\.[/\\])+/, '');
  const candidate = join(root, clean);
  if (!candidate.startsWith(root)) return undefined;
  if (isFile(candidate)) return candidate;
  if (isFile(join(candidate, 'index.html'))) return join(candidate, 'index.html');
  if (isFile(candidate.replace(/\/$/, '') + '.html')) return candidate.replace(/\/$/, '') + '.html';
  return undefined;
}

/** A static server for the build in `root`; a request it cannot read gets an answer, never a crash. */
export function createBuildServer(root) {
  const headerRules = loadHeaderRules(root);
  return createServer((req, res) => {
    let url;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      decodeURIComponent(url.pathname);
    } catch {
      // A malformed percent-encoding such as /%ZZ names no file: the client's mistake, answered 400.
      res.writeHead(400, {'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff'});
      return res.end('Bad request: the path is not valid percent-encoding\n');
    }
    let file = resolvePath(root, url.pathname);
    let status = 200;
    if (!file) {
      file = join(root, '404.html');
      status = 404;
    }
    const type = types[extname(file)] ?? 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      ...headersFor(headerRules, url.pathname),
    };
    const acceptsGzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const gzip = compressible.test(type) && acceptsGzip;
    if (gzip || (acceptsGzip && status === 200 && pagefindGzipped.test(url.pathname))) headers['Content-Encoding'] = 'gzip';
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return res.end();
    const stream = createReadStream(file);
    // A file that vanished between the check and the read ends the answer instead of the process.
    stream.on('error', () => res.destroy());
    (gzip ? stream.pipe(createGzip({level: 6})) : stream).pipe(res);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const {values} = parseArgs({
    options: {
      port: {type: 'string', default: '4173'},
      dir: {type: 'string'},
      host: {type: 'string', default: '127.0.0.1'},
    },
  });
  const root = resolve(values.dir ?? fileURLToPath(new URL('../build', import.meta.url)));
  createBuildServer(root).listen(Number(values.port), values.host, () => {
    console.log(`Serving ${root} at http://${values.host}:${values.port}/`);
  });
}
