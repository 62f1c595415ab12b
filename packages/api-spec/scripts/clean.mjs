// `npm run clean`: removes build output so a renamed or deleted file cannot leave stale
// output behind. Not part of `build`, because other packages read dist/ while they build.
import { rmSync } from 'node:fs';

for (const dir of ['dist', 'src/generated']) {
  rmSync(new URL(`../${dir}`, import.meta.url), { recursive: true, force: true });
}
