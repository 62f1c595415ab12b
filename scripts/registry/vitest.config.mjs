import { defineConfig } from 'vitest/config';

// Run with: npx vitest run -c scripts/registry/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    testTimeout: 1_200_000,
    hookTimeout: 120_000,
  },
});
