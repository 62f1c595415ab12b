import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import {chromium, type Browser} from 'playwright-core';
import {chromiumLaunchOptions} from '../../playwright.config';
import {MERMAID_CONFIG} from './config';
import {diagramKey, svgIdOf, titleOf} from './cache';
import {finishSvg, type FinishedSvg} from './postprocess';

/** Chromium lays the diagrams out: Mermaid measures text in a real browser. */
export function chromiumPath(): string {
  return chromiumLaunchOptions.executablePath;
}

export const chromiumAvailable = (): boolean => existsSync(chromiumPath());

export interface RenderRequest {
  source: string;
  /** Where the diagram is written, for error messages. */
  where: string;
}

/**
 * Draws diagrams with Mermaid's own browser bundle (from node_modules) in one
 * Chromium page, then finishes each SVG (postprocess.ts). A diagram Mermaid
 * cannot parse, or one without an `accTitle:`, is an error naming its page.
 */
export async function renderDiagrams(requests: readonly RenderRequest[]): Promise<Map<string, FinishedSvg>> {
  const results = new Map<string, FinishedSvg>();
  if (requests.length === 0) return results;
  for (const {source, where} of requests) {
    if (!titleOf(source)) throw new Error(`${where}: the diagram has no "accTitle: ..." line, its accessible name (role="img").`);
  }
  const bundle = createRequire(__filename).resolve('mermaid/dist/mermaid.min.js');
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
    const page = await browser.newPage();
    // A blank page of our own: nothing is fetched from anywhere.
    await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({path: bundle});
    await page.evaluate((config) => {
      // The bundle defines a global `mermaid`; this function runs in the page.
      (globalThis as unknown as {mermaid: {initialize(c: unknown): void}}).mermaid.initialize(config);
    }, MERMAID_CONFIG);
    for (const {source, where} of requests) {
      const key = diagramKey(source);
      if (results.has(key)) continue;
      const id = svgIdOf(key);
      const outcome = await page.evaluate(
        async ({id, source}) => {
          const mermaid = (globalThis as unknown as {mermaid: {render(id: string, text: string): Promise<{svg: string}>}}).mermaid;
          try {
            const {svg} = await mermaid.render(id, source);
            // Mermaid sizes some diagrams by their shapes alone (a sequence diagram's self-message text can
            // reach past them): widen the viewBox to everything drawn, so no label is cut off.
            const holder = document.createElement('div');
            holder.innerHTML = svg;
            document.body.append(holder);
            const root = holder.querySelector('svg')!;
            const [x, y, w, h] = (root.getAttribute('viewBox') ?? '0 0 0 0').split(/[\s,]+/).map(Number) as [number, number, number, number];
            const drawn = root.getBBox();
            const margin = 4;
            const left = Math.min(x, drawn.x - margin);
            const top = Math.min(y, drawn.y - margin);
            const right = Math.max(x + w, drawn.x + drawn.width + margin);
            const bottom = Math.max(y + h, drawn.y + drawn.height + margin);
            if (left < x || top < y || right > x + w || bottom > y + h) root.setAttribute('viewBox', `${left} ${top} ${right - left} ${bottom - top}`);
            const out = root.outerHTML;
            holder.remove();
            return {svg: out};
          } catch (error) {
            return {error: error instanceof Error ? error.message : String(error)};
          }
        },
        {id, source},
      );
      if ('error' in outcome) throw new Error(`${where}: Mermaid cannot draw this diagram: ${outcome.error}`);
      try {
        results.set(key, finishSvg(outcome.svg, {id, title: titleOf(source)!}));
      } catch (error) {
        throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await browser?.close();
  }
  return results;
}
