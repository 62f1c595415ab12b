import { defineConfig } from 'vitest/config';

// Run with: npx vitest run -c scripts/readmes/vitest.config.mjs (after `npm run build:packages`).
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    testTimeout: 60_000,
  },
});
