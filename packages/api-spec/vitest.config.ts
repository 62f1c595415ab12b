import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Linting the whole document and running tsc take several seconds each.
    testTimeout: 120_000,
  },
});
