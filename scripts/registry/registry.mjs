// The local npm registry: Verdaccio serving the workspace's @sigil/* packages, each packed by `npm pack` exactly as
// `npm publish` would pack it, so `npm install @sigil/<name>` works as the pages write it.
//
// - Verdaccio is installed apart from the workspace (this folder's own package.json and lockfile), so its 300-odd
//   dependencies cost the site's `npm ci` nothing; `ensureVerdaccio` installs it on first use.
// - Storage is a fresh folder under tmp/registry (git ignores /tmp/) on every start, so what it serves is always the
//   current build, and a rebuilt package with an unchanged version never conflicts with an older copy.
// - No uplinks: it answers for @sigil/* only. Readers point just the @sigil scope at it and keep npmjs for the rest.
// - The packages stay `private: true`, so `npm publish` refuses them and nothing reaches npmjs by accident. Here a
//   tarball is sent with the registry protocol's PUT instead (what `npm publish` sends), and `private` is a field
//   that installing ignores.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = fileURLToPath(new URL('.', import.meta.url));
export const repoRoot = resolve(here, '../..');
export const DEFAULT_PORT = 4873;

/**
 * Installs Verdaccio, and the yarn and pnpm the fresh-clone test installs with, from this folder's lockfile when one
 * of them is not there yet (a checkout from before one was added counts).
 */
export function ensureVerdaccio() {
  const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
  const wanted = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  if (wanted.every((name) => existsSync(join(here, 'node_modules', name, 'package.json')))) return;
  console.log('Installing Verdaccio for the local registry (once)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], { cwd: here, stdio: 'inherit' });
}

/** The workspace packages to serve: every `@sigil/*` workspace under packages/, in the root's order. */
export function workspacePackages(root = repoRoot) {
  const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return workspaces
    .filter((dir) => dir.startsWith('packages/'))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => typeof manifest.name === 'string' && manifest.name.startsWith('@sigil/'))
    .map(({ dir, manifest }) => ({ dir, name: manifest.name }));
}

/**
 * Packs every package into `destination` with one `npm pack` run (it honours each package's `files`, as publishing
 * does) and returns the tarballs' paths. A package whose build output is missing packs without it, and the
 * installs that use it fail: build first (`npm run registry` does).
 */
export function packWorkspace(destination, root = repoRoot) {
  mkdirSync(destination, { recursive: true });
  const args = ['pack', '--json', '--pack-destination', destination, '--loglevel', 'error'];
  for (const pkg of workspacePackages(root)) args.push('--workspace', pkg.name);
  const out = execFileSync('npm', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out).map((entry) => join(destination, entry.filename));
}

/** The package.json inside a tarball: what an install reads, after whatever packing changed. */
function packedManifest(tarball) {
  return JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }));
}

/**
 * Publishes one tarball: the document `npm publish` PUTs, with the manifest from inside the tarball and the tarball
 * attached. Throws with the registry's answer when it refuses.
 */
export async function publishTarball(registryUrl, tarball) {
  const data = readFileSync(tarball);
  const manifest = packedManifest(tarball);
  const { name, version } = manifest;
  const file = `${name}-${version}.tgz`;
  const base = registryUrl.replace(/\/+$/, '');
  const document = {
    _id: name,
    name,
    description: manifest.description,
    'dist-tags': { latest: version },
    versions: {
      [version]: {
        ...manifest,
        _id: `${name}@${version}`,
        dist: {
          shasum: createHash('sha1').update(data).digest('hex'),
          integrity: `sha512-${createHash('sha512').update(data).digest('base64')}`,
          tarball: `${base}/${name}/-/${file.slice(name.indexOf('/') + 1)}`,
        },
      },
    },
    _attachments: { [file]: { content_type: 'application/octet-stream', data: data.toString('base64'), length: data.length } },
  };
  const answer = await fetch(`${base}/${name.replace('/', '%2f')}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(document),
  });
  if (!answer.ok) throw new Error(`the registry refused ${name}@${version}: ${answer.status} ${await answer.text()}`);
  return { name, version };
}

/** Verdaccio's settings: storage in `storage`, every @sigil/* package readable and publishable without a login. */
function configuration(storage) {
  return {
    self_path: join(here, 'registry.mjs'),
    storage,
    // A random secret per start: tokens would only matter for logins, which this registry has none of.
    secret: createHash('sha256').update(`${process.pid}${Date.now()}${Math.random()}`).digest('hex').slice(0, 32),
    auth: {},
    uplinks: {},
    packages: {
      '@sigil/*': { access: '$all', publish: '$all', unpublish: '$all' },
      '**': { access: '$all' },
    },
    web: { enable: false },
    max_body_size: '200mb',
    log: { type: 'stdout', format: 'pretty', level: 'warn' },
  };
}

/**
 * Starts Verdaccio on 127.0.0.1:`port` (0 picks a free port) with empty storage in `storage`, then packs and
 * publishes every workspace package. Resolves with the URL, the packages and `close()`.
 */
export async function startRegistry({ port = DEFAULT_PORT, storage = join(repoRoot, 'tmp/registry') } = {}) {
  ensureVerdaccio();
  rmSync(storage, { recursive: true, force: true });
  mkdirSync(join(storage, 'packages'), { recursive: true });
  const require = createRequire(join(here, 'package.json'));
  const { runServer } = require('verdaccio');
  const server = await runServer(configuration(join(storage, 'packages')));
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  const close = () => new Promise((done) => server.close(() => done()));
  try {
    const published = [];
    for (const tarball of packWorkspace(join(storage, 'tarballs'))) published.push(await publishTarball(url, tarball));
    return { url, published, close };
  } catch (error) {
    await close();
    throw error;
  }
}
