import { defineConfig } from 'vitest/config';

// Most tests start the built CLI as a child process, some several in a row: on a loaded 2-core machine one
// Node start can take seconds, so the default 5 s per test fails tests that are correct.
export default defineConfig({
  test: {
    testTimeout: 30_000,
  },
});
