import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations; the test checks its behavior.
import { buildablePackages, fingerprints, staleReason } from './build-packages.mjs';

interface Pkg {
  dir: string;
  name: string;
}

let repo: string;

function write(path: string, text: string): void {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
}

function manifest(name: string, deps: Record<string, string> = {}, extra: object = {}): string {
  return JSON.stringify({ name, version: '0.1.0', scripts: { build: 'true' }, dependencies: deps, ...extra });
}

/** What a successful build leaves behind: the fingerprint it was built from. */
function markBuilt(pkg: Pkg, print: string): void {
  write(`${pkg.dir}/dist/.build-fingerprint`, `${print}\n`);
}

function state(): Map<string, string | null> {
  const packages = buildablePackages(repo);
  const prints = fingerprints(repo, packages);
  return new Map(packages.map((p: Pkg & { manifest: object }) => [p.name, staleReason(repo, p, prints.get(p.name))]));
}

function buildAll(): void {
  const packages = buildablePackages(repo);
  const prints = fingerprints(repo, packages);
  for (const p of packages) markBuilt(p, prints.get(p.name));
}

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'build-packages-'));
  write('package.json', JSON.stringify({ workspaces: ['packages/a', 'packages/b', 'packages/c', 'website'] }));
  write('.gitignore', 'dist/\ngenerated/\n');
  write('tsconfig.base.json', '{}');
  write('packages/a/package.json', manifest('@x/a'));
  write('packages/a/src/index.ts', 'export const a = 1;');
  write('packages/b/package.json', manifest('@x/b', { '@x/a': '0.1.0' }, { sigil: { buildOutputs: ['generated/out.ts'] } }));
  write('packages/b/src/index.ts', 'export const b = 2;');
  write('packages/c/package.json', JSON.stringify({ name: '@x/c', scripts: {} }));
  execFileSync('git', ['init', '-q'], { cwd: repo });
  execFileSync('git', ['add', '.'], { cwd: repo });
});

afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('build-packages: which libraries need a build', () => {
  it('lists the workspace packages that have a build script, in the root order', () => {
    expect(buildablePackages(repo).map((p: Pkg) => p.name)).toEqual(['@x/a', '@x/b']);
  });

  it('builds what was never built, and nothing once every fingerprint matches and the outputs exist', () => {
    expect(state()).toEqual(new Map([['@x/a', 'never built'], ['@x/b', 'never built']]));
    buildAll();
    write('packages/b/generated/out.ts', '');
    expect(state()).toEqual(new Map([['@x/a', null], ['@x/b', null]]));
  });

  it('rebuilds a package whose source changed, and its dependents, but not what it depends on', () => {
    buildAll();
    write('packages/b/generated/out.ts', '');
    write('packages/a/src/index.ts', 'export const a = 3;');
    expect(state()).toEqual(new Map([['@x/a', 'inputs changed'], ['@x/b', 'inputs changed']]));
    buildAll();
    write('packages/b/src/index.ts', 'export const b = 4;');
    expect(state()).toEqual(new Map([['@x/a', null], ['@x/b', 'inputs changed']]));
  });

  it('counts a new untracked file as an input, and ignored files (outputs) not', () => {
    buildAll();
    write('packages/b/generated/out.ts', '');
    write('packages/a/dist/index.js', 'built');
    expect(state().get('@x/a')).toBeNull();
    write('packages/a/src/extra.ts', 'export {};');
    expect(state().get('@x/a')).toBe('inputs changed');
  });

  it('rebuilds when a shared build input changes', () => {
    buildAll();
    write('packages/b/generated/out.ts', '');
    write('tsconfig.base.json', '{"compilerOptions":{}}');
    expect(state()).toEqual(new Map([['@x/a', 'inputs changed'], ['@x/b', 'inputs changed']]));
  });

  it('rebuilds when a declared output outside dist/ is missing', () => {
    buildAll();
    expect(state().get('@x/b')).toBe('generated/out.ts is missing');
  });

  it('builds everything outside a git checkout', () => {
    rmSync(join(repo, '.git'), { recursive: true });
    buildAll();
    expect([...state().values()]).toEqual(['not a git checkout', 'not a git checkout']);
  });
});
