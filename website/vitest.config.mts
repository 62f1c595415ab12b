import {defineConfig} from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.ts', '*.test.ts', 'tests/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
  },
});
