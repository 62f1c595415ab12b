import { defineConfig } from 'vitest/config';

// The tests of the scripts in this folder itself (the checker and README runner have their own configs).
// Run with: npx vitest run -c scripts/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    testTimeout: 60_000,
  },
});
