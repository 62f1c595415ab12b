// Removes build output so a rename or deleted schema cannot leave stale files behind.
import { rmSync } from 'node:fs';

for (const dir of ['dist', 'src/generated']) {
  rmSync(new URL(`../${dir}`, import.meta.url), { recursive: true, force: true });
}
