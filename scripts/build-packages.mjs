// Builds the libraries in dependency order; npm's --workspaces runs them in
// parallel-unsafe order when one package's build reads another's output.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const ws of root.workspaces) {
  if (!ws.startsWith('packages/')) continue;
  const pkg = JSON.parse(readFileSync(new URL(`../${ws}/package.json`, import.meta.url), 'utf8'));
  if (!pkg.scripts?.build) continue;
  console.log(`\n> build ${pkg.name}`);
  execFileSync('npm', ['run', 'build', '--silent', '-w', pkg.name], { stdio: 'inherit' });
}
