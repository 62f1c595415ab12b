import {defineConfig} from '@playwright/test';
import {chromiumLaunchOptions} from '../scripts/browser/chromium.mjs';

const port = Number(process.env.SIGIL_E2E_PORT ?? 4173);
// Parallel workers on one machine build into their own folders (see tests/isolated-build.sh).
const buildDir = process.env.SIGIL_BUILD_DIR ?? 'build';

// Other scripts of the site (diagrams, screenshots) launch the same browser.
export {chromiumLaunchOptions};

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: {timeout: 10_000},
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    serviceWorkers: 'block',
  },
  // One run, two projects sharing the workers and the server: the functional specs, then the quality gates over every
  // built route (tests tagged @quality). `--project quality` (or `e2e`) runs one of them.
  projects: [
    {name: 'e2e', grepInvert: /@quality/},
    // One retry: under full load on 2 cores a colour check can land mid-transition; a real violation fails both
    // attempts, and Playwright lists a test that passed on its retry as flaky.
    {name: 'quality', grep: /@quality/, retries: 1},
  ],
  webServer: {
    // The production build (made by the test script beforehand), served as-is.
    command: `node tests/serve-build.mjs --port ${port} --dir ${buildDir}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
