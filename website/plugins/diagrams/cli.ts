/**
 * `npm run diagrams -w website`: renders every diagram of the docs that has no
 * up-to-date SVG in website/diagrams, and deletes SVGs no diagram uses any
 * more. `--check` only reports (exit 1 when something is missing or stale).
 */
import {cachedKeys, diagramKey, readCached, removeCached, writeCached, CACHE_DIR, RENDER_COMMAND} from './cache';
import {collectDiagrams} from './collect';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const diagrams = collectDiagrams();
  const wanted = new Set(diagrams.map((d) => diagramKey(d.source)));
  const missing = diagrams.filter((d) => !readCached(diagramKey(d.source)));
  const unused = cachedKeys().filter((key) => !wanted.has(key));
  if (check) {
    for (const d of missing) console.log(`missing: ${d.file}:${d.line}`);
    for (const key of unused) console.log(`unused: ${key}.svg`);
    if (missing.length || unused.length) {
      console.log(`Run \`${RENDER_COMMAND}\`.`);
      process.exitCode = 1;
    } else console.log(`${diagrams.length} diagrams, all rendered.`);
    return;
  }
  const {renderDiagrams} = await import('./render');
  const rendered = await renderDiagrams(missing.map((d) => ({source: d.source, where: `${d.file}:${d.line}`})));
  for (const [key, finished] of rendered) writeCached(key, finished);
  for (const key of unused) removeCached(key);
  console.log(`${diagrams.length} diagrams: ${rendered.size} rendered, ${unused.length} unused removed, in ${CACHE_DIR}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
