import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {PAGE_KINDS, type PageInfo, type PageKind} from '../../src/search/pages';
import {sectionForPath} from '../../src/search/sections';
import {SECTIONS, type SectionName} from '../../src/search/types';

/** Every Pagefind file starts with this once decompressed. */
const SIGNATURE = 'pagefind_dcd';

/** The parts of a fragment (one page in Pagefind's index) the pages file keeps. */
interface Fragment {
  url?: unknown;
  meta?: {title?: unknown};
  filters?: Record<string, unknown>;
}

/** Decodes one `.pf_fragment` file: gzip around the signature and the page's JSON. */
export function decodeFragment(file: Uint8Array): Fragment {
  const raw = gunzipSync(file);
  if (raw.subarray(0, SIGNATURE.length).toString('utf8') !== SIGNATURE) throw new Error('not a Pagefind fragment (no signature)');
  return JSON.parse(raw.subarray(SIGNATURE.length).toString('utf8')) as Fragment;
}

const firstOf = (value: unknown): string | undefined => (Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);

/** What the pages file says about a fragment; the section and kind are the filters the indexer tagged the page with. */
export function pageOfFragment(fragment: Fragment): PageInfo {
  const url = typeof fragment.url === 'string' ? fragment.url : undefined;
  if (!url) throw new Error('Pagefind fragment without a url');
  const section = firstOf(fragment.filters?.['section']);
  const kind = firstOf(fragment.filters?.['kind']);
  const title = typeof fragment.meta?.title === 'string' ? fragment.meta.title.replace(/\u200b/g, '').trim() : '';
  return {
    url,
    title: title || url,
    section: (SECTIONS as readonly string[]).includes(section ?? '') ? (section as SectionName) : sectionForPath(url),
    kind: (PAGE_KINDS as readonly string[]).includes(kind ?? '') ? (kind as PageKind) : 'guide',
  };
}

/** Pagefind's id of every page (its fragment file's name) → the page, read from a written index. */
export async function pagesOfIndex(outputPath: string): Promise<Map<string, PageInfo>> {
  const dir = path.join(outputPath, 'fragment');
  const pages = new Map<string, PageInfo>();
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.pf_fragment')) continue;
    pages.set(name.slice(0, -'.pf_fragment'.length), pageOfFragment(decodeFragment(await readFile(path.join(dir, name)))));
  }
  return pages;
}
