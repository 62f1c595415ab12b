import { defineConfig } from 'vitest/config';

// Run with: npx vitest run -c scripts/doctest/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    // The checker's own tests, each language module's beside it (languages/go.test.ts, …) and the local chains'.
    include: ['*.test.ts', 'languages/*.test.ts', 'chains/*.test.ts'],
    testTimeout: 60_000,
  },
});
