import { defineConfig } from 'vitest/config';

// The behavior rules' scenarios (one emulator per file) and the statement check's tests.
// Run with: npx vitest run -c scripts/rules/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    testTimeout: 60_000,
  },
});
