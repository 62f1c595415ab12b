// Adds a CommonJS build next to a library's ESM build (dist/ -> dist/cjs/), so
// `require('@sigil/...')` works in CommonJS backends, with types for both.
//
// Every dist/**/*.js file becomes one CommonJS file at the same relative path:
// the package's own modules are not bundled into each other, so a class has
// one identity however many entry points reach it. Imports of other @sigil
// packages and of dependencies that ship CommonJS stay require() calls.
// Dependencies that ship ESM only (@noble/* and @scure/* v2, micro-eth-signer)
// are bundled into dist/cjs/_vendor/, so the CommonJS build never relies on
// require(esm): it loads in Node without it, in Jest and in older bundlers.
//
// Usage: node scripts/build-cjs.mjs <package dir>
import { build } from 'esbuild';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';

const pkgDir = resolve(process.argv[2] ?? '.');
const dist = join(pkgDir, 'dist');
const out = join(dist, 'cjs');
const vendorDir = join(out, '_vendor');

/** Every file under `dir` (outside dist/cjs) whose name ends with one of `suffixes`. */
function listFiles(dir, suffixes) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== out) files.push(...listFiles(path, suffixes));
    } else if (suffixes.some((suffix) => entry.name.endsWith(suffix))) {
      files.push(path);
    }
  }
  return files;
}

/** `@scope/name/sub/path.js` -> `@scope/name`; `name/sub` -> `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The folder of dependency `name` as Node would find it from `fromDir`. */
function findDependencyDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`build-cjs: cannot find dependency ${name} from ${fromDir}`);
  }
}

/** The package.json of dependency `name` as Node would find it from `fromDir`. */
function findDependencyManifest(name, fromDir) {
  return JSON.parse(readFileSync(join(findDependencyDir(name, fromDir), 'package.json'), 'utf8'));
}

/** The file `require(name)` loads, from the root export's `require` condition or `main`. */
function requireEntry(manifest) {
  let target = manifest.exports?.['.'] ?? manifest.exports;
  if (target && typeof target === 'object') target = target.require ?? target.node ?? target.default;
  if (target && typeof target === 'object') target = target.default;
  return typeof target === 'string' ? target : manifest.main ?? 'index.js';
}

/**
 * A CommonJS entry wrapped as UMD (`factory(require, exports)`, as @hpke/core ships) hides its requires from
 * bundlers: esbuild leaves `require('./src/...')` calls that fail once bundled. Its ESM build is vendored instead.
 */
function hasUmdRequireEntry(name, fromDir) {
  const dir = findDependencyDir(name, fromDir);
  const file = join(dir, requireEntry(findDependencyManifest(name, fromDir)));
  if (!existsSync(file)) return false;
  const head = readFileSync(file, 'utf8').slice(0, 2000);
  return /define\.amd/.test(head) && /factory\(require, exports\)/.test(head);
}

const esmOnlyCache = new Map();
/** Vendored: a dependency that is `type: module` with no `require` condition, or whose `require` entry is UMD. */
function isEsmOnly(name, fromDir) {
  const key = `${fromDir}\0${name}`;
  if (!esmOnlyCache.has(key)) {
    const manifest = findDependencyManifest(name, fromDir);
    const offersRequire = JSON.stringify(manifest.exports ?? {}).includes('"require"');
    esmOnlyCache.set(key, (manifest.type === 'module' && !offersRequire) || (offersRequire && hasUmdRequireEntry(name, fromDir)));
  }
  return esmOnlyCache.get(key);
}

const peers = new Set(Object.keys(JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')).peerDependencies ?? {}));

const vendorName = (specifier) => specifier.replace(/^@/, '').replace(/[^A-Za-z0-9._-]/g, '_').replace(/\.m?js$/, '') + '.js';

rmSync(out, { recursive: true, force: true });
const entryPoints = listFiles(dist, ['.js']);
if (entryPoints.length === 0) throw new Error(`build-cjs: ${dist} holds no .js file; run the ESM build first`);
const vendored = new Map(); // specifier -> directory to resolve it from
// CommonJS has no import.meta; esbuild would make it an empty object and the module would break at run time.
for (const file of entryPoints) {
  if (/\bimport\.meta\b/.test(readFileSync(file, 'utf8'))) {
    throw new Error(`build-cjs: ${relative(pkgDir, file)} uses import.meta, which CommonJS lacks: pass the URL or path in, or read it where the module is used`);
  }
}

await build({
  entryPoints,
  outdir: out,
  outbase: dist,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'keep-modules-apart',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          const spec = args.path;
          if (spec.startsWith('.')) return { path: spec, external: true };
          if (spec.startsWith('node:') || builtinModules.includes(spec)) return { path: spec, external: true };
          const name = packageName(spec);
          // Peer dependencies are the app's to install (React Native's native modules): required as the app has them.
          if (peers.has(name)) return { path: spec, external: true };
          if (name.startsWith('@sigil/') || !isEsmOnly(name, args.resolveDir)) return { path: spec, external: true };
          vendored.set(spec, args.resolveDir);
          // The importer's output file sits at the same path under dist/cjs as its input under dist.
          const importerOut = join(out, relative(dist, args.importer));
          let target = relative(dirname(importerOut), join(vendorDir, vendorName(spec))).split(sep).join('/');
          if (!target.startsWith('.')) target = `./${target}`;
          return { path: target, external: true };
        });
      },
    },
  ],
});

if (vendored.size > 0) {
  // One file per imported specifier; esbuild's CommonJS output cannot share chunks, so modules these
  // specifiers have in common (e.g. @noble/hashes under @noble/curves) are copied into each.
  for (const [specifier, resolveDir] of vendored) {
    await build({
      // An ESM re-export, so esbuild resolves the dependency's `import` build (a UMD `require` build would not bundle).
      stdin: { contents: `export * from ${JSON.stringify(specifier)};`, resolveDir, loader: 'js' },
      outfile: join(vendorDir, vendorName(specifier)),
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      logLevel: 'warning',
    });
  }
}

// Types: the ESM declarations, read as CommonJS declarations under dist/cjs (its package.json says so).
for (const file of listFiles(dist, ['.d.ts'])) {
  const target = join(out, relative(dist, file));
  mkdirSync(dirname(target), { recursive: true });
  cpSync(file, target);
}
writeFileSync(join(out, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
console.log(`cjs: ${relative(process.cwd(), out) || out} (${entryPoints.length} modules, ${vendored.size} vendored ESM-only imports)`);
