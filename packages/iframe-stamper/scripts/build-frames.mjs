// Builds the two frame pages into static files an integrator can host on their own origin:
// dist/frames/auth/index.html, dist/frames/export/index.html and the script both load, dist/frames/frame.js.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const out = `${pkg}dist/frames`;
await build({
  entryPoints: [`${pkg}frames/frame.ts`],
  outfile: `${out}/frame.js`,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
});
for (const kind of ['auth', 'export']) {
  mkdirSync(`${out}/${kind}`, { recursive: true });
  copyFileSync(`${pkg}frames/${kind}.html`, `${out}/${kind}/index.html`);
}
