// Debian's Chromium, never a downloaded one, with the flags every browser check of the repository uses (the site's
// Playwright config, the docs' browser examples, the benchmarks). One list, so a flag this closed network needs is
// added once.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Options for playwright's `chromium.launch`. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
