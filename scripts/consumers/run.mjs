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
  const libraries = ['api-key-stamper', 'webauthn-stamper', 'policy', 'api-spec', 'http', 'sdk-server', 'sdk-browser', 'embedded-wallet-kit', 'iframe-stamper', 'wallet-stamper', 'react-native', 'emulator', 'viem', 'ethers', 'eip1193-provider', 'solana', 'cosmjs'];
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
await step('CommonJS consumer of @sigil/cosmjs (require, with require(esm) as CosmJS 0.37+ needs)', () => {
  assert.equal(node('cjs-cosmjs-consumer.cjs'), 'cjs cosmjs: ok');
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
  assert.ok(inputs.some((file) => file.includes('eip1193-provider/dist/index.js')), 'the browser bundle holds @sigil/eip1193-provider');
  assert.ok(inputs.some((file) => file.includes('iframe-stamper/dist/index.js')), 'the browser bundle holds @sigil/iframe-stamper');
  assert.ok(inputs.some((file) => file.includes('embedded-wallet-kit/dist/index.js')), 'the browser bundle holds @sigil/embedded-wallet-kit');
  assert.ok(inputs.some((file) => file.includes('embedded-wallet-kit/dist/styles.css')), 'the browser bundle holds @sigil/embedded-wallet-kit/styles.css');
  const app = await import(pathToFileURL(`${out}browser-app.mjs`).href);
  assert.equal(app.passkeyStamperName(), 'WebauthnStamper');
  const walletKey = new Uint8Array(32).fill(7);
  const stamp = await app.walletStamp({ publicKey: { toBytes: () => walletKey }, signMessage: async () => new Uint8Array(64).fill(1) }, '{}');
  assert.deepEqual(stamp, { publicKey: '07'.repeat(32), scheme: 'SIGNATURE_SCHEME_SIGIL_ED25519', signature: '01'.repeat(64) });
  assert.equal(app.iframeStamperErrorReason(), 'timeout');
  assert.deepEqual(app.kitComponents(), ['function', 'function', 'function', 'function']);
  assert.equal(app.outcome([], { activity: { type: 'ACTIVITY_TYPE_CREATE_WALLET' } }), 'DENY');
  const emulator = await startTestEmulator();
  try {
    const created = await emulator.client.createWallet({ walletName: 'Bundled', accounts: [
      { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
    ] });
    const config = { baseUrl: emulator.url, apiPublicKey: emulator.rootKeys.publicKey,
      apiPrivateKey: emulator.rootKeys.privateKey, organizationId: emulator.organizationId };
    assert.deepEqual(await app.listWalletNames(config), ['Bundled']);
    const { walletId, addresses } = created.result.createWalletResult;
    assert.deepEqual(await app.providerAccounts(config, walletId), addresses, 'the bundled @sigil/eip1193-provider lists the accounts');
  } finally {
    await emulator.close();
  }
});
await step('esbuild bundle of a React Native app (as Metro bundles it: the native modules stay imports, no static Node built-in)', async () => {
  const nativeModules = ['react-native-passkey', 'react-native-keychain', 'react-native-get-random-values'];
  const result = await build({
    stdin: { contents: "export { createPasskeyClient, createSessionClient, SecureSessionStore, PasskeyError } from '@sigil/react-native';", resolveDir: here },
    bundle: true, platform: 'neutral', mainFields: ['module', 'main'], format: 'esm', target: 'es2022', external: nativeModules,
    write: false, metafile: true, logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs);
  assert.ok(inputs.some((file) => file.includes('react-native/dist/index.js')), 'the app bundle holds @sigil/react-native');
  assert.ok(!inputs.some((file) => file.includes('/dist/cjs/')), 'the app bundle uses the ESM builds');
  // @hpke/core (under @sigil/http's re-exports) keeps a dynamic import("crypto") inside try/catch for Node 18, which
  // bundlers treat as optional and @sigil/react-native never reaches: it opens bundles without WebCrypto.
  const imports = Object.values(result.metafile.outputs)[0].imports.filter((i) => i.kind !== 'dynamic-import').map((i) => i.path);
  assert.deepEqual([...new Set(imports)].sort(), [...nativeModules].sort(), 'the only static imports left are the three native modules');
});
await step('TypeScript consumers (CommonJS and ESM declarations)', () => {
  execFileSync(process.execPath, [fileURLToPath(import.meta.resolve('typescript/bin/tsc')), '-p', `${here}tsconfig.json`], { stdio: 'inherit' });
});
