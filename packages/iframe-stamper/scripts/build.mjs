// The library (ESM, then CommonJS beside it) and the frame pages, from a clean dist/ so that no
// frame script from an earlier build is turned into a CommonJS module.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const run = (file, args) => execFileSync(file, args, { cwd: pkg, stdio: 'inherit' });
rmSync(`${pkg}dist`, { recursive: true, force: true });
run('npx', ['tsc', '-p', 'tsconfig.json']);
run(process.execPath, ['../../scripts/build-cjs.mjs', '.']);
run(process.execPath, ['scripts/build-frames.mjs']);
