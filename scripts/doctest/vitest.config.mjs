import { defineConfig } from 'vitest/config';

// Run with: npx vitest run -c scripts/doctest/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    // The checker's own tests, and each language module's beside it (languages/go.test.ts, …).
    include: ['*.test.ts', 'languages/*.test.ts'],
    testTimeout: 60_000,
  },
});
