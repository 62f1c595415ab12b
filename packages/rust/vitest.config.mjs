import { defineConfig } from 'vitest/config';

// The Rust SDK's Node-side tests: the generator's drift check and the doc checker's Rust module.
// Run from the repository root: npx vitest run -c packages/rust/vitest.config.mjs
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['packages/rust/generator/*.test.ts', 'scripts/doctest/languages/rs.test.ts'],
    testTimeout: 120_000,
  },
});
