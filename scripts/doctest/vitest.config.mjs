import { defineConfig } from 'vitest/config';

// Run with: npx vitest run -c scripts/doctest/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts', 'chains/*.test.ts'],
    testTimeout: 60_000,
  },
});
