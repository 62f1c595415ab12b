// The app backend of a page's browser examples: a server block marked `backend` exports Web-standard handlers
// (`export async function POST(request: Request): Promise<Response>`), each under a comment naming its route
// (`// POST /api/sign-up  { … } -> { … }`). The checker serves them with Node's http server, running the block with
// tsx and the environment of a running block, and the unit's browser tab sends its calls to /api/… there.
// A server block of plain functions, which leaves its routes to the reader's framework, is served the same way with
// `route="POST /api/sign-in/email=sendSignInEmail(email, targetPublicKey)"`: the checker is the framework, calling
// the function with those members of the JSON body and answering its result as JSON (202 with no body for none).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The routes a backend block serves: `{ method, path, name }` for each `// METHOD /path` comment above an exported function. */
export function backendRoutes(code) {
  const routes = [];
  const pattern = /^\/\/ (GET|POST|PUT|PATCH|DELETE) (\/\S*)[^\n]*\n(?:\/\/[^\n]*\n)*export (?:async )?function (\w+)\s*\(/gm;
  for (const m of code.matchAll(pattern)) routes.push({ method: m[1], path: m[2], name: m[3] });
  return routes;
}

/**
 * Reads a `route` marker, `METHOD /path=function(member, member)`: the route a framework would put around an exported
 * function. Returns `{ method, path, name, args }`, or `{ error }`.
 */
export function parseRoute(text) {
  const m = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)=([A-Za-z_$][\w$]*)\(([^)]*)\)$/.exec(text.trim());
  if (!m) return { error: `route="${text}": write route="POST /api/path=exportedFunction(bodyMember, bodyMember)"` };
  const args = m[4].split(',').map((a) => a.trim()).filter(Boolean);
  const bad = args.find((a) => !/^[A-Za-z_$][\w$]*$/.test(a));
  if (bad) return { error: `route="${text}": ${bad} is not a member name of the JSON body` };
  return { method: m[1], path: m[2], name: m[3], args };
}

const serverSource = (moduleFile, routes) => `import { createServer } from 'node:http';
import * as app from ${JSON.stringify(`./${moduleFile}`)};

const routes = ${JSON.stringify(routes)};
const server = createServer(async (req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  const route = routes.find((r) => r.method === req.method && r.path === url.pathname);
  if (!route) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end(\`no route \${req.method} \${url.pathname}: the block serves \${routes.map((r) => r.method + ' ' + r.path).join(', ')}\`);
    return;
  }
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = Object.entries(req.headers).filter(([, v]) => typeof v === 'string');
  const request = new Request(url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  try {
    if (route.args) {
      // A plain function behind a route the framework (here, the checker) provides.
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      const result = await app[route.name](...route.args.map((name) => body[name]));
      if (result === undefined) res.writeHead(202).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      return;
    }
    const response = await app[route.name](request);
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    console.error(\`\${route.method} \${route.path} threw:\`, error);
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.stack ?? error));
  }
});
server.listen(0, '127.0.0.1', () => console.log(\`doctest backend listening on \${server.address().port}\`));
`;

/**
 * Starts `file` (the block, already written) as a backend. Resolves with `{ url, routes, output, close }` once it
 * listens, or rejects with its output when it exits or does not listen within `timeoutMs`.
 */
export function startBackend({ file, code, dir, env, tsx, timeoutMs, extraRoutes = [] }) {
  const routes = [...backendRoutes(code), ...extraRoutes];
  if (routes.length === 0) {
    return Promise.reject(new Error('a backend block exports no handler under a "// POST /api/…" comment, and has no route="…"'));
  }
  const server = join(dir, `${basename(file).replace(/\.tsx?$/, '')}.server.mts`);
  writeFileSync(server, serverSource(basename(file), routes));
  const child = spawn(process.execPath, [tsx, server], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const close = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      close();
      reject(new Error(`the backend did not listen within ${timeoutMs / 1000} s:\n${output.trim()}`));
    }, timeoutMs);
    child.on('exit', (status) => {
      clearTimeout(timer);
      reject(new Error(`the backend exited with ${status}:\n${output.trim()}`));
    });
    child.stdout.on('data', () => {
      const port = /doctest backend listening on (\d+)/.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: `http://127.0.0.1:${port}`, routes, output: () => output, close });
    });
  });
}
