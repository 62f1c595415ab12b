// The stylesheet is not TypeScript, so tsc leaves it out of dist/; integrators import it as
// `@sigil/embedded-wallet-kit/styles.css`.
import { copyFileSync } from 'node:fs';

copyFileSync(new URL('../src/styles.css', import.meta.url), new URL('../dist/styles.css', import.meta.url));
