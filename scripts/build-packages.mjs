// Builds the libraries in dependency order, and only those whose inputs changed since their last build.
//
// npm's --workspaces runs builds in an order that breaks when one package's build reads another's output, so the
// order is the root package.json's `workspaces` list. A package is skipped when its fingerprint matches the one its
// last successful build wrote to dist/.build-fingerprint and its declared outputs exist. The fingerprint covers:
// - every file of the package that git tracks or would track (ignored files, such as dist/ and generated sources,
//   are outputs, not inputs);
// - the build inputs shared by every package (the base tsconfig, the CommonJS builder, the lockfile, Node's version);
// - the fingerprints of the workspace packages it depends on, so a change reaches everything downstream.
// Outside a git checkout (a source tarball) every package is built.
//
// Usage: node scripts/build-packages.mjs [--force] [--only <name>]...
//   --force  rebuild every package
//   --only   build only these packages (and check the others' fingerprints as usual)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const SHARED_INPUTS = ['tsconfig.base.json', 'scripts/build-cjs.mjs', 'package-lock.json', 'scripts/build-packages.mjs'];
const FINGERPRINT_FILE = join('dist', '.build-fingerprint');

/** The workspace packages with a build script, in the root's order. */
export function buildablePackages(repoRoot = root) {
  const rootPkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const packages = [];
  for (const ws of rootPkg.workspaces) {
    if (!ws.startsWith('packages/')) continue;
    const manifest = JSON.parse(readFileSync(join(repoRoot, ws, 'package.json'), 'utf8'));
    if (!manifest.scripts?.build) continue;
    packages.push({ dir: ws, name: manifest.name, manifest });
  }
  return packages;
}

/** Files git tracks or would track, grouped by package folder; null outside a git checkout. */
function inputFilesByPackage(repoRoot, packages) {
  let listing;
  try {
    listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', 'packages'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return null;
  }
  const byPackage = new Map(packages.map((p) => [p.dir, []]));
  for (const file of listing.split('\0')) {
    if (!file) continue;
    const owner = packages.find((p) => file.startsWith(`${p.dir}/`));
    // A tracked file deleted from the work tree is still listed until the deletion is staged.
    if (owner && existsSync(join(repoRoot, file))) byPackage.get(owner.dir).push(file);
  }
  for (const files of byPackage.values()) files.sort();
  return byPackage;
}

function hashFiles(hash, repoRoot, files) {
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(repoRoot, file)));
    hash.update('\0');
  }
}

/** Names of the workspace packages `manifest` depends on, in any dependency field. */
function workspaceDependencies(manifest, names) {
  const fields = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];
  return [...new Set(fields.flatMap((f) => Object.keys(manifest[f] ?? {})))].filter((n) => names.has(n)).sort();
}

/**
 * Each package's fingerprint, or null for every package outside a git checkout.
 * Packages come in build order, so a dependency's fingerprint is known before its dependents'.
 */
export function fingerprints(repoRoot, packages) {
  const files = inputFilesByPackage(repoRoot, packages);
  if (!files) return new Map(packages.map((p) => [p.name, null]));
  const shared = createHash('sha256');
  shared.update(process.version);
  hashFiles(shared, repoRoot, SHARED_INPUTS.filter((f) => existsSync(join(repoRoot, f))));
  const sharedDigest = shared.digest('hex');
  const names = new Set(packages.map((p) => p.name));
  const result = new Map();
  for (const pkg of packages) {
    const hash = createHash('sha256');
    hash.update(sharedDigest);
    for (const dep of workspaceDependencies(pkg.manifest, names)) hash.update(`${dep}=${result.get(dep) ?? 'unbuilt'}\0`);
    hashFiles(hash, repoRoot, files.get(pkg.dir));
    result.set(pkg.name, hash.digest('hex'));
  }
  return result;
}

/**
 * Why `pkg` must be built, or null when its last build is current. Besides dist/, a package may name other outputs
 * of its build in package.json (`"sigil": {"buildOutputs": [...]}`, paths relative to the package), such as the
 * generated sources and the copy of the API document the site serves.
 */
export function staleReason(repoRoot, pkg, fingerprint) {
  if (fingerprint === null) return 'not a git checkout';
  const file = join(repoRoot, pkg.dir, FINGERPRINT_FILE);
  if (!existsSync(file)) return 'never built';
  if (readFileSync(file, 'utf8').trim() !== fingerprint) return 'inputs changed';
  for (const output of pkg.manifest.sigil?.buildOutputs ?? []) {
    if (!existsSync(join(repoRoot, pkg.dir, output))) return `${output} is missing`;
  }
  return null;
}

function main() {
  const { values } = parseArgs({
    options: { force: { type: 'boolean', default: false }, only: { type: 'string', multiple: true } },
  });
  const packages = buildablePackages();
  const unknown = (values.only ?? []).filter((n) => !packages.some((p) => p.name === n));
  if (unknown.length > 0) {
    console.error(`build-packages: no buildable workspace package named ${unknown.join(', ')}`);
    process.exit(2);
  }
  const started = Date.now();
  let built = 0;
  // One computation before any build is enough: a build writes only ignored files, never another package's input.
  const prints = fingerprints(root, packages);
  for (const pkg of packages) {
    if (values.only && !values.only.includes(pkg.name)) continue;
    const reason = values.force ? 'forced' : staleReason(root, pkg, prints.get(pkg.name));
    if (reason === null) continue;
    console.log(`\n> build ${pkg.name} (${reason})`);
    execFileSync('npm', ['run', 'build', '--silent', '-w', pkg.name], { cwd: root, stdio: 'inherit' });
    const print = prints.get(pkg.name);
    if (print !== null) writeFileSync(join(root, pkg.dir, FINGERPRINT_FILE), `${print}\n`);
    built += 1;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const skipped = packages.length - built;
  console.log(
    built === 0
      ? `build-packages: all ${packages.length} libraries are up to date (${seconds} s)`
      : `build-packages: built ${built}, ${skipped} up to date, in ${seconds} s`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
