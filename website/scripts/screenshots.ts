/**
 * Screenshots of the built site for a quick review: the home page, a docs
 * page, an API operation page and the search page, at 390, 1024, 1280 and
 * 1440 px, light and dark, each the first screen a reader sees. Serves the
 * build with tests/serve-build.mjs, writes PNGs and an index.html contact
 * sheet to website/screenshots/ (git-ignored).
 *
 *   npm run screenshots -w website                 # the build in website/build
 *   npm run screenshots -w website -- --full-page  # whole pages, not the first screen
 *
 * Environment: SIGIL_BUILD_DIR (default build), SIGIL_SCREENSHOT_PORT (default 4186).
 */
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {chromium, type Browser} from '@playwright/test';
import {chromiumLaunchOptions} from '../playwright.config';

const websiteDir = path.resolve(__dirname, '..');
const buildDir = path.resolve(websiteDir, process.env.SIGIL_BUILD_DIR ?? 'build');
const outDir = path.join(websiteDir, 'screenshots');
const port = Number(process.env.SIGIL_SCREENSHOT_PORT ?? 4186);
const origin = `http://127.0.0.1:${port}`;

const {values} = parseArgs({options: {'full-page': {type: 'boolean', default: false}}});

interface Shot {
  name: string;
  label: string;
  path: string;
  /** What must be on screen before the picture is taken. */
  ready: string;
}

const shots: Shot[] = [
  {name: 'home', label: 'Home', path: '/', ready: 'main h1'},
  {name: 'docs', label: 'Docs page (quickstart)', path: '/getting-started/quickstart', ready: 'main h1'},
  {name: 'operation', label: 'API operation (create_wallet)', path: '/api/wallets/create-wallet', ready: 'main h1'},
  {name: 'search', label: 'Search page (q=wallet)', path: '/search?q=wallet', ready: 'main a[href^="/"]'},
];

/** Width and the height of a common screen of that width. */
const viewports = [
  {width: 390, height: 844},
  {width: 1024, height: 768},
  {width: 1280, height: 800},
  {width: 1440, height: 900},
];
const themes = ['light', 'dark'] as const;

const fileName = (shot: Shot, width: number, theme: string): string => `${shot.name}-${width}-${theme}.png`;

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${origin}/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The static server did not answer at ${origin}`);
}

async function capture(browser: Browser, theme: (typeof themes)[number], viewport: (typeof viewports)[number]): Promise<string[]> {
  const context = await browser.newContext({viewport, colorScheme: theme, deviceScaleFactor: 1});
  const failures: string[] = [];
  try {
    const page = await context.newPage();
    for (const shot of shots) {
      // Docusaurus reads the colour mode from this parameter before the first paint.
      const url = `${origin}${shot.path}${shot.path.includes('?') ? '&' : '?'}docusaurus-theme=${theme}`;
      await page.goto(url);
      try {
        await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 15_000});
        await page.locator(shot.ready).first().waitFor({timeout: 15_000});
        await page.evaluate(() => document.fonts.ready);
      } catch (error) {
        failures.push(`${shot.path} at ${viewport.width} px, ${theme}: ${(error as Error).message.split('\n')[0]}`);
      }
      await page.screenshot({path: path.join(outDir, fileName(shot, viewport.width, theme)), fullPage: values['full-page']});
    }
  } finally {
    await context.close();
  }
  return failures;
}

function contactSheet(): string {
  const rows = shots
    .map((shot) =>
      themes
        .map(
          (theme) => `<section><h2>${shot.label}, ${theme} <a href="${origin}${shot.path}">${shot.path}</a></h2><div class="row">${viewports
            .map((v) => {
              const file = fileName(shot, v.width, theme);
              return `<figure><a href="${file}"><img src="${file}" alt="${shot.label} at ${v.width} px, ${theme}" width="${Math.round(v.width / 4)}" loading="lazy"></a><figcaption>${v.width} × ${v.height}</figcaption></figure>`;
            })
            .join('')}</div></section>`,
        )
        .join('\n'),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sigil docs screenshots</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;background:#f4f5f7;color:#1c1e21}
h1{font-size:1.4rem}h2{font-size:1rem;margin:1.5rem 0 .5rem}h2 a{font-weight:400;color:#3b3fd8}
.row{display:flex;gap:1rem;align-items:flex-start;overflow-x:auto}
figure{margin:0}img{display:block;border:1px solid #c9ccd1;background:#fff;height:auto}
figcaption{color:#555b66;margin-top:.25rem}
</style></head><body>
<h1>Sigil docs: ${shots.length} pages × ${viewports.length} widths × light and dark</h1>
<p>${values['full-page'] ? 'Whole pages.' : 'The first screen of each page.'} Taken ${new Date().toISOString()} from ${path.relative(websiteDir, buildDir) || '.'}. Click a picture for full size.</p>
${rows}
</body></html>
`;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No build in ${buildDir}: run npm run build -w website first.`);
  }
  await rm(outDir, {recursive: true, force: true});
  await mkdir(outDir, {recursive: true});
  const server = spawn(process.execPath, [path.join(websiteDir, 'tests/serve-build.mjs'), '--port', String(port), '--dir', buildDir], {
    stdio: 'ignore',
  });
  const started = Date.now();
  try {
    await waitForServer();
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      // Two colour modes at a time: the machine has few cores, and the pages are heavy to lay out.
      const failures: string[] = [];
      for (const viewport of viewports) {
        const results = await Promise.all(themes.map((theme) => capture(browser, theme, viewport)));
        failures.push(...results.flat());
      }
      await writeFile(path.join(outDir, 'index.html'), contactSheet());
      const count = shots.length * viewports.length * themes.length;
      console.log(`${count} screenshots and index.html in ${path.relative(process.cwd(), outDir) || '.'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (failures.length > 0) {
        console.error(`Taken before the page was ready:\n${failures.join('\n')}`);
        process.exitCode = 1;
      }
    } finally {
      await browser.close();
    }
  } finally {
    server.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
