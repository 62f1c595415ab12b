import {defineConfig} from 'vitest/config';

export default defineConfig({
  // The site's tsconfig keeps JSX for Docusaurus to compile ("preserve"); component tests need it compiled.
  oxc: {jsx: {runtime: 'automatic'}},
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}', '*.test.ts', 'tests/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
    // CI runs these beside the other lane's tests on two cores (scripts/test-all.sh): a test that reads every page
    // source or the whole API model takes a few seconds on a quiet machine and several times that there, as the
    // libraries' tests do (scripts/test-packages.mjs gives them the same 30 s).
    testTimeout: 30_000,
  },
});
