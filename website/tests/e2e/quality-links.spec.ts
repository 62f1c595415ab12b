/**
 * Link integrity of the built site: every internal link, image, script,
 * stylesheet and other asset that any page references answers 200 from the
 * served build, and every `#fragment` exists as an id in the page it targets.
 * The pages are read from the build folder; the requests go to the server.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from '@playwright/test';
import {anchorsOf, internalReferences} from '../quality/links';
import {FIXTURE_PREFIX, buildDir, htmlFilesOf, pathOfFile} from '../quality/site';
import {brand} from '../../brand';

const CONCURRENCY = 8;

test('no internal link, image or asset of any page is broken, and every anchor exists', {tag: '@quality'}, async ({request, baseURL}) => {
  test.setTimeout(240_000);
  const dir = buildDir();
  const origin = new URL(baseURL!).origin;

  // target -> fragments wanted there -> pages that want them
  const wanted = new Map<string, Map<string | undefined, Set<string>>>();
  let pages = 0;
  for (const file of htmlFilesOf(dir)) {
    const pagePath = file === '404.html' ? '/404.html' : pathOfFile(file);
    if (pagePath.startsWith(FIXTURE_PREFIX)) continue; // test-only pages
    pages++;
    const html = readFileSync(path.join(dir, file), 'utf8');
    for (const ref of internalReferences(html, pagePath, origin, brand.siteUrl)) {
      const byFragment = wanted.get(ref.target) ?? new Map<string | undefined, Set<string>>();
      wanted.set(ref.target, byFragment);
      const from = byFragment.get(ref.fragment) ?? new Set<string>();
      byFragment.set(ref.fragment, from);
      from.add(`${pagePath} (${ref.via})`);
    }
  }

  const problems: string[] = [];
  const where = (from: Set<string>) => [...from].slice(0, 3).join(', ') + (from.size > 3 ? ` and ${from.size - 3} more` : '');
  const queue = [...wanted.entries()];
  await Promise.all(
    Array.from({length: CONCURRENCY}, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [target, byFragment] = next;
        const response = await request.get(target, {maxRedirects: 0, failOnStatusCode: false});
        if (response.status() !== 200) {
          const from = new Set([...byFragment.values()].flatMap((s) => [...s]));
          problems.push(`${target} answers ${response.status()}; linked from ${where(from)}`);
          continue;
        }
        const fragments = [...byFragment.keys()].filter((f): f is string => f !== undefined);
        if (fragments.length === 0) continue;
        if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
        const anchors = anchorsOf(await response.text());
        for (const fragment of fragments) {
          if (!anchors.has(fragment)) problems.push(`${target}#${fragment}: no such anchor; linked from ${where(byFragment.get(fragment)!)}`);
        }
      }
    }),
  );

  console.log(`Link check: ${pages} pages, ${wanted.size} distinct internal targets, ${problems.length} problems.`);
  expect(pages).toBeGreaterThan(1);
  expect(problems, problems.join('\n')).toEqual([]);
});
