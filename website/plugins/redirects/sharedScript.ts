import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {htmlFileOf} from '../chunks/route-scripts';

/**
 * Every redirect page sends the reader on with the same inline script. The
 * plugin's template writes the target into the script, so each of the ~40
 * redirect pages had a script of its own, and the site-wide policy header
 * (plugins/security-headers), which must allow the inline scripts of every
 * page, carried ~40 hashes: about 2.5 KB sent with every response of the
 * site, each of a page's script files included. This script reads the
 * target from the page's canonical link (the same address) and forwards the
 * query and fragment exactly when the template did: when the target has
 * neither.
 */
export const REDIRECT_SCRIPT =
  '(function(){var u=document.querySelector("link[rel=canonical]").getAttribute("href"),t=new URL(u,location.href);' +
  'location.href=t.search||t.hash?u:u+location.search+location.hash})()';

const TEMPLATE_SCRIPT = /<script>\s*window\.location\.href = '([^']*)'( \+ window\.location\.search \+ window\.location\.hash)?;\s*<\/script>/;
const CANONICAL = /<link rel="canonical" href="([^"]*)" \/>/;

/** The redirect page with the shared script, or an error naming what does not match the plugin's template. */
export function withSharedRedirectScript(html: string): string {
  const script = TEMPLATE_SCRIPT.exec(html);
  const canonical = CANONICAL.exec(html);
  if (!script || !canonical) throw new Error('not a redirect page as @docusaurus/plugin-client-redirects writes it (script or canonical link missing)');
  const [, target, forwards] = script;
  if (target !== canonical[1]) throw new Error(`its script goes to ${target} but its canonical link to ${canonical[1]}`);
  const url = new URL(target!, 'https://example.com');
  if (Boolean(forwards) !== !(url.search || url.hash)) throw new Error(`its script forwards the query and fragment differently from the shared script (${target})`);
  return html.replace(script[0], `<script>${REDIRECT_SCRIPT}</script>`);
}

/** Rewrites the redirect pages of these addresses in a build. */
export async function shareRedirectScripts(outDir: string, fromPaths: readonly string[]): Promise<void> {
  for (const from of fromPaths) {
    const file = path.join(outDir, htmlFileOf(from));
    try {
      await writeFile(file, withSharedRedirectScript(await readFile(file, 'utf8')));
    } catch (error) {
      throw new Error(`sigil-redirects: the redirect page of ${from} (${file}): ${(error as Error).message}`);
    }
  }
}
