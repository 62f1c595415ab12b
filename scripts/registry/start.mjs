// `npm run registry`: builds nothing itself (the npm script runs the incremental package build first), starts the
// local registry and publishes the workspace's packages to it, then serves until Ctrl-C.
//
// Usage: node scripts/registry/start.mjs [--port <n>]   (default 4873, Verdaccio's usual port; 0 picks a free one)
import { parseArgs } from 'node:util';
import { DEFAULT_PORT, startRegistry } from './registry.mjs';

function portFrom(text) {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    console.error(`registry: --port must be a whole number from 0 to 65535 (got "${text}")`);
    process.exit(2);
  }
  return port;
}

let values;
try {
  ({ values } = parseArgs({ options: { port: { type: 'string', default: String(DEFAULT_PORT) } } }));
} catch (error) {
  console.error(`registry: ${error.message}\nUsage: npm run registry [-- --port <n>]`);
  process.exit(2);
}

const started = Date.now();
let registry;
try {
  registry = await startRegistry({ port: portFrom(values.port) });
} catch (error) {
  const busy = error?.code === 'EADDRINUSE';
  console.error(
    busy
      ? `registry: port ${values.port} on 127.0.0.1 is in use: stop what runs there or pass -- --port <another port> (0 picks a free one)`
      : `registry: ${error?.message ?? error}`,
  );
  process.exit(1);
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`Local npm registry listening on ${registry.url}, serving ${registry.published.length} @sigil packages (${seconds} s)

  ${registry.published.map((p) => `${p.name}@${p.version}`).join('\n  ')}

Point the @sigil scope at it (other packages still come from npmjs):
  npm config set @sigil:registry ${registry.url}/
Undo with: npm config delete @sigil:registry
Serving until Ctrl-C.`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    registry.close().then(() => process.exit(0));
  });
}
