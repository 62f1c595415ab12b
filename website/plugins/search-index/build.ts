import {readdir, readFile, rm, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {loadPagefind} from './loadEsm';
import {NAMES_FILE} from '../../src/search/names';
import {encodePages, PAGES_FILE} from '../../src/search/pages';
import {VOCABULARY_FILE} from '../../src/search/pagefindEngine';
import type {ApiNames} from './apiNames';
import {pagesOfIndex} from './pages';
import {rechunkIndex, type RechunkReport} from './rechunk';
import {buildNameIndex, buildVocabulary, headingWords, htmlForIndex, indexOptions, isIndexed, nameClaims, pageUrl, type NameClaim} from './prepare';

/** Pagefind's ready-made UIs: the site has its own, so they are not shipped. */
const UNUSED = /^pagefind-(ui|component-ui|modular-ui|highlight|worker)\.(js|css)$/;

async function* htmlFiles(dir: string, root = dir): AsyncGenerator<string> {
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path.relative(root, full) !== 'pagefind') yield* htmlFiles(full, root);
    } else if (entry.name.endsWith('.html')) yield path.relative(root, full);
  }
}

async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await sizeOf(full) : (await stat(full)).size;
  }
  return total;
}

export interface IndexReport {
  pages: number;
  skipped: number;
  vocabulary: number;
  names: number;
  bytes: number;
  ms: number;
  chunks: RechunkReport;
}

/** `api`: what the API document says about operations and error codes (see apiNames.ts). */
export async function buildSearchIndex(outDir: string, api: ApiNames = {operations: new Map(), errorCodes: []}): Promise<IndexReport> {
  const {operations} = api;
  const started = Date.now();
  const pagefind = loadPagefind();
  const outputPath = path.join(outDir, 'pagefind');
  await rm(outputPath, {recursive: true, force: true});
  const {index, errors} = await pagefind.createIndex(indexOptions);
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  let pages = 0;
  let skipped = 0;
  const words: string[] = [];
  const claims: NameClaim[] = [];
  try {
    for await (const file of htmlFiles(outDir)) {
      const url = pageUrl(file);
      const built = isIndexed(url) ? await readFile(path.join(outDir, file), 'utf8') : undefined;
      const html = built === undefined ? undefined : htmlForIndex(built, url, operations);
      if (built === undefined || html === undefined) {
        skipped += 1;
        continue;
      }
      const added = await index.addHTMLFile({url, content: html});
      if (added.errors.length > 0) throw new Error(`Pagefind could not index ${url}: ${added.errors.join('; ')}`);
      words.push(...headingWords(html));
      claims.push(...nameClaims(built, url, operations, api.errorCodes));
      pages += 1;
    }
    const written = await index.writeFiles({outputPath});
    if (written.errors.length > 0) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
  // Only the language the site uses is ever loaded.
  const entry = JSON.parse(await readFile(path.join(outputPath, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, {wasm?: string}>;
  };
  const wasm = new Set(Object.values(entry.languages).map((l) => `wasm.${l.wasm ?? 'unknown'}.pagefind`));
  for (const name of await readdir(outputPath)) {
    if (UNUSED.test(name) || (name.startsWith('wasm.') && !wasm.has(name))) await rm(path.join(outputPath, name));
  }
  const chunks = await rechunkIndex(outputPath);
  const vocabulary = buildVocabulary(words);
  await writeFile(path.join(outputPath, VOCABULARY_FILE), JSON.stringify(vocabulary));
  const names = buildNameIndex(claims);
  await writeFile(path.join(outputPath, NAMES_FILE), JSON.stringify(names));
  const pageList = await pagesOfIndex(outputPath);
  if (pageList.size !== pages) throw new Error(`Pagefind wrote ${pageList.size} fragments for ${pages} pages`);
  await writeFile(path.join(outputPath, PAGES_FILE), JSON.stringify(encodePages(pageList)));
  return {pages, skipped, chunks, vocabulary: vocabulary.length, names: Object.keys(names).length, bytes: await sizeOf(outputPath), ms: Date.now() - started};
}
