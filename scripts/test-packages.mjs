// Runs each library's tests in workspace order and stops at the first failure.
import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const ws of root.workspaces) {
  if (!ws.startsWith('packages/')) continue;
  const pkg = JSON.parse(readFileSync(new URL(`../${ws}/package.json`, import.meta.url), 'utf8'));
  if (!pkg.scripts?.test) continue;
  console.log(`\n> test ${pkg.name}`);
  execFileSync('npm', ['run', 'test', '--silent', '-w', pkg.name], {stdio: 'inherit'});
}

// Every library as integrators load it: CommonJS, ESM, bundled for Node and for the browser, and its types.
console.log('\n> consumers (CommonJS, ESM, bundlers, types)');
execFileSync(process.execPath, ['scripts/consumers/run.mjs'], {stdio: 'inherit', cwd: new URL('..', import.meta.url)});

// The quick example at the top of every library's README, run (the browser ones in Chromium with a passkey) and type-checked.
console.log('\n> README examples');
execFileSync(process.execPath, ['scripts/readmes/run.mjs'], {stdio: 'inherit', cwd: new URL('..', import.meta.url)});

// The README API summaries must match the built types (regenerate with `node scripts/api-summary.mjs`).
console.log('\n> README API summaries');
execFileSync(process.execPath, ['scripts/api-summary.mjs', '--check'], {stdio: 'inherit', cwd: new URL('..', import.meta.url)});
