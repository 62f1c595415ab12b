import { defineConfig } from 'vitest/config';

// The four-SDK conformance scenario. Run with: npx vitest run -c scripts/conformance/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['*.test.ts'],
    testTimeout: 300_000,
  },
});
