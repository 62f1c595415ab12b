import {defineConfig} from '@playwright/test';

const port = Number(process.env.SIGIL_E2E_PORT ?? 4173);
// Parallel workers on one machine build into their own folders (see tests/isolated-build.sh).
const buildDir = process.env.SIGIL_BUILD_DIR ?? 'build';

/** Debian's Chromium with the flags this closed network needs; never a downloaded browser. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

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
  webServer: {
    // The production build (made by the test script beforehand), served as-is.
    command: `node tests/serve-build.mjs --port ${port} --dir ${buildDir}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
