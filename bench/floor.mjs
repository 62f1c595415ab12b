// The floor: what reading a page costs with no JavaScript at all. For each sampled page, its own built HTML with every
// script taken out (script elements, links that preload or prefetch scripts, inline event handlers), beside the
// build's stylesheets, fonts and images, served by the same server as the site. A docs page can get no faster than
// its floor, so the benchmark states its blocking-time and paint targets against it.
import {cpSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';

/** Link relations that fetch a script ahead of use. */
const SCRIPT_LINK = 'link[rel="modulepreload"], link[as="script"], link[rel="prefetch"]';

/** The page's HTML with every script removed; everything else (markup, stylesheets, inline styles) kept as built. */
export function stripScripts(html) {
  const $ = load(html);
  $('script').remove();
  $(SCRIPT_LINK).remove();
  $('*').each((_, el) => {
    for (const name of Object.keys(el.attribs ?? {})) {
      if (/^on/i.test(name)) $(el).removeAttr(name);
      else if (/^\s*javascript:/i.test(el.attribs[name] ?? '') && (name === 'href' || name === 'src' || name === 'action')) $(el).removeAttr(name);
    }
  });
  return $.html();
}

/** Whether a built file belongs in the floor: everything but pages and scripts (pages are written stripped). */
export const keepInFloor = (file) => !/\.(html|m?js|js\.map)$/i.test(file);

/**
 * Writes the floor of `pages` (paths such as `/concepts/wallets`) of the build in `buildDir` into `floorDir`:
 * the build's other files, then each page's HTML without scripts.
 */
export function buildFloor(buildDir, pages, floorDir) {
  // A build folder may be a link to another build (the copy would otherwise copy the link, not the files).
  buildDir = realpathSync(buildDir);
  rmSync(floorDir, {recursive: true, force: true});
  mkdirSync(floorDir, {recursive: true});
  cpSync(buildDir, floorDir, {recursive: true, filter: (src) => src === buildDir || !path.extname(src) || keepInFloor(src)});
  for (const page of pages) {
    const rel = path.join(page, 'index.html');
    const out = path.join(floorDir, rel);
    mkdirSync(path.dirname(out), {recursive: true});
    writeFileSync(out, stripScripts(readFileSync(path.join(buildDir, rel), 'utf8')));
  }
  // The server checks the home page to know it is up; it is always in the sample, but the floor must answer anyway.
  if (!pages.includes('/')) writeFileSync(path.join(floorDir, 'index.html'), stripScripts(readFileSync(path.join(buildDir, 'index.html'), 'utf8')));
  return floorDir;
}
