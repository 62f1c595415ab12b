import {existsSync, realpathSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {FORMATS_SOURCE, slimCatalog, slimDocument, validatorsSource, type CatalogLike, type OpenApiLike} from './generate';

/** Folder (inside the build's generated files) holding what the sandbox worker imports instead of the document. */
export const SANDBOX_DIR_NAME = 'sigil-sandbox';

/** The emulator core's compiled modules (packages/emulator/dist/core), however the package is linked. */
const EMULATOR_CORE_DIR = /[\\/]emulator[\\/]dist[\\/]core$/;
const EMULATOR_WALLETS_DIR = /[\\/]emulator[\\/]dist[\\/]core[\\/]wallets$/;

/** `@sigil/emulator`'s compiled core, found as Node would find the package (its exports map hides package.json). */
function emulatorCoreDir(siteDir: string): string {
  for (let dir = siteDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules/@sigil/emulator/dist/core');
    if (existsSync(candidate)) return realpathSync(candidate);
    if (path.dirname(dir) === dir) throw new Error('sigil-sandbox: @sigil/emulator is not installed (or not built: no dist/core)');
  }
}

export interface SandboxOptions {
  /** The bundled OpenAPI document, relative to the site. */
  specPath: string;
  /** End-to-end test builds only: the page exposes the sandbox as `window.__sigilSandbox` (src/sandbox/client.ts). */
  testHook?: boolean;
}

/** The compile-time constants src/sandbox/client.ts reads; with the hook off the minifier drops the hook's code. */
export function sandboxDefinitions(testHook: boolean): Record<string, string> {
  return {SIGIL_SANDBOX_TEST_HOOK: JSON.stringify(testHook)};
}

/**
 * The sandbox: the emulator core (`@sigil/emulator`) running in a Web Worker on the reader's
 * request (src/sandbox). In the bundle, the core's two document-heavy modules are swapped for
 * build-time output: its Ajv validator (compiled at run time, which the Content Security Policy
 * forbids and which would ship the Ajv compiler) becomes precompiled standalone validators, and
 * its imports of the whole OpenAPI document and operation catalog become the slim parts the core reads.
 */
export default function sandbox(context: LoadContext, {specPath, testHook = false}: SandboxOptions): Plugin {
  const dir = path.join(context.generatedFilesDir, SANDBOX_DIR_NAME);
  const validateReplacement = path.join(context.siteDir, 'src/sandbox/validate.ts');
  const wordlistsReplacement = path.join(context.siteDir, 'src/sandbox/wordlists.ts');
  return {
    name: 'sigil-sandbox',
    async contentLoaded() {
      const content = JSON.parse(await readFile(path.join(context.siteDir, specPath), 'utf8')) as OpenApiLike;
      await mkdir(dir, {recursive: true});
      await writeFile(path.join(dir, 'formats.js'), FORMATS_SOURCE);
      await writeFile(path.join(dir, 'validators.js'), validatorsSource(content, './formats.js'));
      await writeFile(path.join(dir, 'document.json'), JSON.stringify(slimDocument(content)));
      // catalog.json sits at the root of @sigil/api-spec, beside dist/ where the document is.
      const catalogPath = path.join(path.dirname(path.join(context.siteDir, specPath)), '..', 'catalog.json');
      const catalog = JSON.parse(await readFile(catalogPath, 'utf8')) as CatalogLike;
      await writeFile(path.join(dir, 'catalog.json'), JSON.stringify(slimCatalog(catalog)));
    },
    configureWebpack(_config, isServer, {currentBundler}) {
      const fromCore = (resource: {context?: string}) => EMULATOR_CORE_DIR.test(resource.context ?? '');
      return {
        resolve: {
          alias: {'@sigil-sandbox-core': emulatorCoreDir(context.siteDir)},
          // The HPKE library of the core's credential bundles imports Node's `crypto` only where the Web Crypto API
          // is missing, which no browser the site supports lacks: in the browser build that import is an empty
          // module, where it was a "module not found" warning on every build and every start of the dev server.
          ...(isServer ? {} : {fallback: {crypto: false}}),
        },
        plugins: [
          new currentBundler.instance.DefinePlugin(sandboxDefinitions(testHook)),
          new currentBundler.instance.NormalModuleReplacementPlugin(/^\.\/validate\.js$/, (resource: {context?: string; request: string}) => {
            if (fromCore(resource)) resource.request = validateReplacement;
          }),
          // English only: the nine BIP-39 word lists would be about a third of the worker's weight.
          new currentBundler.instance.NormalModuleReplacementPlugin(/^\.\/wordlists\.js$/, (resource: {context?: string; request: string}) => {
            if (EMULATOR_WALLETS_DIR.test(resource.context ?? '')) resource.request = wordlistsReplacement;
          }),
          new currentBundler.instance.NormalModuleReplacementPlugin(/^@sigil\/api-spec\/openapi\.json$/, (resource: {context?: string; request: string}) => {
            if (fromCore(resource)) resource.request = path.join(dir, 'document.json');
          }),
          new currentBundler.instance.NormalModuleReplacementPlugin(/^@sigil\/api-spec\/catalog\.json$/, (resource: {context?: string; request: string}) => {
            if (fromCore(resource)) resource.request = path.join(dir, 'catalog.json');
          }),
        ],
      };
    },
  };
}
