import { defineConfig } from 'vitest/config';

// The Rust generator's tests (the committed sources match the API document). The doc checker's Rust module has its
// tests beside it, run by scripts/doctest/vitest.config.mjs.
// Run from the repository root: npx vitest run -c packages/rust/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['generator/*.test.ts'],
    testTimeout: 60_000,
  },
});
