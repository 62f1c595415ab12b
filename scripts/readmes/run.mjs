// Runs the quick example of every library's README: the first ```ts block, as written.
// Node libraries: run with tsx against an emulator, configured the way the examples read it, from
// SIGIL_BASE_URL, SIGIL_ORGANIZATION_ID, SIGIL_API_PUBLIC_KEY, SIGIL_API_PRIVATE_KEY and SIGIL_API_KEY_FILE.
// Browser libraries (their examples need a page of example.com and a passkey): bundled with esbuild and run in
// Chromium with a virtual passkey authenticator, against an emulator (see browser-examples.mjs).
// Every example is also type-checked (strict). Run after `npm run build:packages`.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestEmulator } from '@sigil/emulator/testing';
import { launchChromium } from '../browser/passkey-page.mjs';
import { runBrowserExample } from './browser-examples.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));
const out = `${here}dist/`;
const run = promisify(execFile);

export const NODE_LIBRARIES = ['api-spec', 'policy', 'api-key-stamper', 'http', 'emulator', 'cli', 'sdk-server', 'wallet-stamper', 'react-native', 'viem', 'ethers', 'eip1193-provider', 'solana', 'cosmjs'];
// Libraries over native modules, whose examples run in Node with these in-memory stand-ins registered first.
const NATIVE_MODULE_HOOKS = { 'react-native': `${root}packages/react-native/test/in-memory-native-modules.mjs` };
export const BROWSER_LIBRARIES = ['webauthn-stamper', 'sdk-browser', 'iframe-stamper', 'embedded-wallet-kit'];

/** The first ```ts block of a README, or an error naming the README that has none. */
export function firstTsBlock(markdown, name) {
  const match = /^```ts[^\n]*\n([\s\S]*?)^```$/m.exec(markdown);
  if (!match) throw new Error(`packages/${name}/README.md has no \`\`\`ts block: its quick example must be one`);
  return match[1];
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const files = {};
const examples = {};
for (const name of [...NODE_LIBRARIES, ...BROWSER_LIBRARIES]) {
  const code = firstTsBlock(readFileSync(`${root}packages/${name}/README.md`, 'utf8'), name);
  examples[name] = code;
  // `export {}` makes every file a module, so their top-level names do not clash in one type-check.
  files[name] = `${out}${name}.mts`;
  writeFileSync(files[name], `${code}\nexport {};\n`);
}

let failed = 0;
const tsx = `${root}node_modules/tsx/dist/cli.mjs`;
for (const name of NODE_LIBRARIES) {
  // A fresh emulator each, so that one example's wallet names do not collide with another's.
  const emulator = await startTestEmulator();
  const started = performance.now();
  try {
    const keyFile = `${out}${name}-key.json`;
    writeFileSync(keyFile, JSON.stringify({ ...emulator.rootKeys, organizationId: emulator.organizationId, baseUrl: emulator.url }));
    const env = {
      PATH: process.env.PATH ?? '',
      SIGIL_BASE_URL: emulator.url,
      SIGIL_ORGANIZATION_ID: emulator.organizationId,
      SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey,
      SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey,
      SIGIL_API_KEY_FILE: keyFile,
    };
    const args = NATIVE_MODULE_HOOKS[name] ? ['--import', 'tsx', '--import', NATIVE_MODULE_HOOKS[name], files[name]] : [tsx, files[name]];
    const { stdout } = await run(process.execPath, args, { env, cwd: out, timeout: 60_000 });
    console.log(`ok ${name} README example ran, with an emulator at SIGIL_BASE_URL (${Math.round(performance.now() - started)} ms)${stdout.trim() ? `: ${stdout.trim().split('\n')[0].slice(0, 100)}` : ''}`);
  } catch (error) {
    failed += 1;
    console.error(`FAIL ${name} README example (exit ${error.code}):\n${error.stdout ?? ''}${error.stderr || error.message}`);
  } finally {
    await emulator.close();
  }
}
let browser;
try {
  browser = await launchChromium({ offline: true });
  for (const name of BROWSER_LIBRARIES) {
    const started = performance.now();
    try {
      const did = await runBrowserExample(browser, name, examples[name]);
      console.log(`ok ${name} README example ran in Chromium with a passkey, against an emulator (${Math.round(performance.now() - started)} ms): ${did}`);
    } catch (error) {
      failed += 1;
      console.error(`FAIL ${name} README example in Chromium: ${error.message}`);
    }
  }
} catch (error) {
  failed += BROWSER_LIBRARIES.length;
  console.error(`FAIL the browser README examples did not run: Chromium did not start: ${error.message}`);
} finally {
  await browser?.close();
}
writeFileSync(`${out}tsconfig.json`, JSON.stringify({
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: ['node'],
    strict: true, noEmit: true, skipLibCheck: true, resolveJsonModule: true },
  files: Object.values(files),
}));
try {
  await run(process.execPath, [`${root}node_modules/typescript/bin/tsc`, '-p', `${out}tsconfig.json`], { cwd: root });
  console.log('ok every README example type-checks (strict)');
} catch (error) {
  failed += 1;
  console.error(`FAIL README examples do not type-check:\n${error.stdout}`);
}
if (failed > 0) process.exit(1);
