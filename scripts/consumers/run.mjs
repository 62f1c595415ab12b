// Loads every library the way integrators do and calls something real each time:
//   1. a CommonJS backend (require, with require(esm) turned off),
//   2. an ESM backend (import),
//   3. both backends bundled by esbuild for Node, then run,
//   4. a browser app bundled by esbuild for the browser (no Node built-ins), then loaded and called,
//   5. TypeScript consumers type-checked as CommonJS and as ESM against the published declarations.
// Run after `npm run build:packages`. Usage: node scripts/consumers/run.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';
import { build } from 'esbuild';
import { startTestEmulator } from '@sigil/emulator/testing';

const here = fileURLToPath(new URL('.', import.meta.url));
const out = `${here}dist/`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

function step(name, run) {
  const started = performance.now();
  return Promise.resolve(run()).then(() => console.log(`ok ${name} (${Math.round(performance.now() - started)} ms)`));
}
const node = (...args) => execFileSync(process.execPath, args, { cwd: here, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' }).trim();

await step('every export of every library has import and require conditions with types', () => {
  const libraries = ['api-key-stamper', 'webauthn-stamper', 'policy', 'api-spec', 'http', 'sdk-server', 'sdk-browser', 'iframe-stamper', 'emulator'];
  for (const name of libraries) {
    const manifest = JSON.parse(readFileSync(new URL(`../../packages/${name}/package.json`, import.meta.url), 'utf8'));
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue; // a data file such as openapi.json loads the same either way
      for (const condition of ['import', 'require']) {
        assert.ok(target[condition]?.types && target[condition]?.default, `@sigil/${name} exports["${subpath}"].${condition} needs types and default`);
      }
    }
  }
});
await step('CommonJS consumer (require, no require(esm))', () => {
  assert.equal(node('--no-experimental-require-module', 'cjs-consumer.cjs'), 'cjs: ok');
});
await step('ESM consumer (import)', () => {
  assert.equal(node('esm-consumer.mjs'), 'esm: ok');
});
await step('esbuild bundles of both consumers for Node', async () => {
  const common = { bundle: true, platform: 'node', target: 'node20', logLevel: 'warning' };
  await build({ ...common, entryPoints: [`${here}cjs-consumer.cjs`], format: 'cjs', outfile: `${out}cjs-bundle.cjs` });
  await build({ ...common, entryPoints: [`${here}esm-consumer.mjs`], format: 'esm', outfile: `${out}esm-bundle.mjs`,
    // The ESM bundle inlines CommonJS dependencies (ajv) whose require() calls need a require in scope.
    banner: { js: "import { createRequire as __sigilCreateRequire } from 'node:module'; const require = __sigilCreateRequire(import.meta.url);" } });
  assert.equal(node('--no-experimental-require-module', `${out}cjs-bundle.cjs`, 'cjs bundle'), 'cjs bundle: ok');
  assert.equal(node(`${out}esm-bundle.mjs`, 'esm bundle'), 'esm bundle: ok');
});
await step('esbuild bundle of a browser app', async () => {
  const result = await build({
    entryPoints: [`${here}browser-app.mjs`], bundle: true, platform: 'browser', format: 'esm', target: 'es2022',
    outfile: `${out}browser-app.mjs`, metafile: true, logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(!inputs.some((file) => file.includes('/dist/cjs/')), 'the browser bundle uses the ESM builds');
  assert.ok(inputs.some((file) => file.includes('sdk-browser/dist/index.js')), 'the browser bundle holds @sigil/sdk-browser');
  assert.ok(inputs.some((file) => file.includes('iframe-stamper/dist/index.js')), 'the browser bundle holds @sigil/iframe-stamper');
  const app = await import(pathToFileURL(`${out}browser-app.mjs`).href);
  assert.equal(app.passkeyStamperName(), 'WebauthnStamper');
  assert.equal(app.iframeStamperErrorReason(), 'timeout');
  assert.equal(app.outcome([], { activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' } }), 'DENY');
  const emulator = await startTestEmulator();
  try {
    await emulator.client.createWallet({ walletName: 'Bundled', accounts: [] });
    const names = await app.listWalletNames({ baseUrl: emulator.url, apiPublicKey: emulator.rootKeys.publicKey,
      apiPrivateKey: emulator.rootKeys.privateKey, organizationId: emulator.organizationId });
    assert.deepEqual(names, ['Bundled']);
  } finally {
    await emulator.close();
  }
});
await step('TypeScript consumers (CommonJS and ESM declarations)', () => {
  execFileSync(process.execPath, [fileURLToPath(import.meta.resolve('typescript/bin/tsc')), '-p', `${here}tsconfig.json`], { stdio: 'inherit' });
});
