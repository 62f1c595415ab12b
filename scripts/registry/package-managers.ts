// Yarn 1, Yarn 4 and pnpm for the fresh-clone test, as a reader who has them installed would run them. They come
// pinned from this folder's package.json (installed with Verdaccio by `npm run registry`), so the test downloads no
// binaries and runs the same versions on every machine.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The commands each of the three is started with, relative to scripts/registry/node_modules. */
const ENTRY_POINTS = {
  classic: { yarn: 'yarn/bin/yarn.js', pnpm: 'pnpm/bin/pnpm.cjs' },
  berry: { yarn: '@yarnpkg/cli-dist/bin/yarn.js' },
} as const;

/**
 * Writes `yarn` and `pnpm` commands into `home`/.package-managers, and returns two terminals' variables: `classic`
 * with Yarn 1 and pnpm on PATH, `berry` with Yarn 4. Each also has what a user of that tool would have set up:
 * pnpm's global bin folder (what `pnpm setup` arranges) and Yarn 1's global folder inside `home` (as root, Yarn 1
 * would otherwise install globals in /usr/local). CI's variable is dropped: it switches Yarn and pnpm to
 * lockfile-only installs, which a reader's terminal does not do.
 */
export function packageManagerTerminals(home: string, registryModules: string, env: NodeJS.ProcessEnv): { classic: NodeJS.ProcessEnv; berry: NodeJS.ProcessEnv } {
  const base = Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'CI'));
  const terminal = (kind: keyof typeof ENTRY_POINTS, extra: NodeJS.ProcessEnv, pathFirst: string[]): NodeJS.ProcessEnv => {
    const bin = join(home, '.package-managers', kind);
    mkdirSync(bin, { recursive: true });
    for (const [command, entry] of Object.entries(ENTRY_POINTS[kind])) {
      writeFileSync(join(bin, command), `#!/bin/sh\nexec node "${join(registryModules, entry)}" "$@"\n`);
      chmodSync(join(bin, command), 0o755);
    }
    return { ...base, ...extra, PATH: [...pathFirst, bin, base.PATH].join(':') };
  };
  const pnpmHome = join(home, '.local/share/pnpm');
  return {
    classic: terminal('classic', { PNPM_HOME: pnpmHome, YARN_GLOBAL_FOLDER: join(home, '.yarn-global') }, [pnpmHome]),
    berry: terminal('berry', {}, []),
  };
}

/**
 * A script that imports every `@sigil/*` dependency of the project it runs in, each export of each (ESM, then
 * CommonJS where the export has a `require` build), and prints what it loaded. Under pnpm's strict node_modules a
 * package that imports something it does not declare fails here.
 */
export const IMPORT_EVERY_EXPORT = `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(new URL('./package.json', import.meta.url));
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const loaded = [];
for (const name of Object.keys(dependencies).filter((n) => n.startsWith('@sigil/'))) {
  const { exports } = JSON.parse(readFileSync('node_modules/' + name + '/package.json', 'utf8'));
  for (const [subpath, target] of Object.entries(exports)) {
    if (subpath.includes('*') || /\\.(json|css|ya?ml)$/.test(subpath)) continue;
    const specifier = subpath === '.' ? name : name + subpath.slice(1);
    await import(specifier);
    if (typeof target === 'object' && target !== null && 'require' in target) require(specifier);
    loaded.push(specifier);
  }
}
console.log(loaded.join(' '));
`;
