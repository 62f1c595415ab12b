import {defineConfig} from 'vitest/config';

export default defineConfig({
  // The site's tsconfig keeps JSX for Docusaurus to compile ("preserve"); component tests need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', '*.test.ts', 'tests/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
  },
});
