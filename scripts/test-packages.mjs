// Runs each library's tests in workspace order and stops at the first failure, then checks the libraries as
// integrators use them (consumers, README examples, README API summaries).
//   node scripts/test-packages.mjs [--part libraries|integration]   (both parts when unset; CI runs them in two lanes)
import {execFileSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {parseArgs} from 'node:util';

const {values} = parseArgs({options: {part: {type: 'string'}}});
if (values.part !== undefined && !['libraries', 'integration'].includes(values.part)) {
  console.error(`test-packages: --part is libraries or integration, not "${values.part}"`);
  process.exit(2);
}
const part = (name) => values.part === undefined || values.part === name;

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const ws of part('libraries') ? root.workspaces : []) {
  if (!ws.startsWith('packages/')) continue;
  const pkg = JSON.parse(readFileSync(new URL(`../${ws}/package.json`, import.meta.url), 'utf8'));
  if (!pkg.scripts?.test) continue;
  console.log(`\n> test ${pkg.name}`);
  // CI runs these beside the site's build (scripts/test-all.sh), so a test against an emulator can take several
  // times its quiet-machine time: 30 s each instead of vitest's 5 s, unless the package sets its own.
  const config = readdirSync(new URL(`../${ws}/`, import.meta.url)).find((f) => /^vitest\.config\.[mc]?[jt]s$/.test(f));
  const ownTimeout = config && readFileSync(new URL(`../${ws}/${config}`, import.meta.url), 'utf8').includes('testTimeout');
  execFileSync('npm', ['run', 'test', '--silent', '-w', pkg.name, ...(ownTimeout ? [] : ['--', '--testTimeout=30000'])], {stdio: 'inherit'});
}

if (!part('integration')) process.exit(0);

// Every library as integrators load it: CommonJS, ESM, bundled for Node and for the browser, and its types.
console.log('\n> consumers (CommonJS, ESM, bundlers, types)');
execFileSync(process.execPath, ['scripts/consumers/run.mjs'], {stdio: 'inherit', cwd: new URL('..', import.meta.url)});

// The quick example at the top of every library's README, run (the browser ones in Chromium with a passkey) and type-checked.
console.log('\n> README examples');
execFileSync(process.execPath, ['scripts/readmes/run.mjs'], {stdio: 'inherit', cwd: new URL('..', import.meta.url)});

// The README API summaries must match the built types (regenerate with `node scripts/api-summary.mjs`).
console.log('\n> README API summaries');
execFileSync(process.execPath, ['scripts/api-summary.mjs', '--check'], {stdio: 'inherit', cwd: new URL('..', import.meta.url)});
