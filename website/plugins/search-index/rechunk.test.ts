import {mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadCbor, loadPagefind} from './loadEsm';
import {entrySize, prefixOf, rechunkIndex, splitWords, type WordEntry} from './rechunk';

const word = (w: string, locations: number): WordEntry => [w, [[0, Array.from({length: locations - 1}, (_, i) => i)]], []];

describe('splitting words into chunks', () => {
  it('counts a word as Pagefind does: each page, and each location on it', () => {
    expect(entrySize(['x', [[0, [-25, 1, 2]], [3, [4]]], []])).toBe(6);
  });

  it('cuts once a chunk holds the target, but never between words with the same first three characters', () => {
    const words = [word('able', 4), word('wall', 4), word('wallet', 4), word('walletid', 4), word('want', 4), word('zoo', 4)];
    const chunks = splitWords(words, 4);
    expect(chunks.map((c) => c.map((w) => w[0]))).toEqual([['able'], ['wall', 'wallet', 'walletid'], ['want'], ['zoo']]);
    expect(splitWords(words, 1000).length).toBe(1);
    expect(prefixOf('été')).toBe('été');
  });
});

/** Every word of an index in chunk order, each as the bytes it is encoded to, and the chunk ranges. */
async function readIndex(dir: string): Promise<{meta: unknown[]; ranges: [string, string, string][]; words: string[]; entries: string[]; files: string[]}> {
  const {decode, encode} = loadCbor();
  const unpack = async (file: string): Promise<Uint8Array> => gunzipSync(await readFile(path.join(dir, file))).subarray('pagefind_dcd'.length);
  const entry = JSON.parse(await readFile(path.join(dir, 'pagefind-entry.json'), 'utf8')) as {languages: {en: {hash: string}}};
  const meta = decode(await unpack(`pagefind.${entry.languages.en.hash}.pf_meta`)) as unknown[];
  const ranges = meta[2] as [string, string, string][];
  const words: string[] = [];
  const entries: string[] = [];
  for (const [, , hash] of ranges) {
    for (const w of (decode(await unpack(`index/${hash}.pf_index`)) as [WordEntry[]])[0]) {
      words.push(w[0]);
      entries.push(Buffer.from(encode(w)).toString('hex'));
    }
  }
  return {meta, ranges, words, entries, files: [...(await readdir(path.join(dir, 'index'))), ...(await readdir(dir)).filter((f) => f.endsWith('.pf_meta'))]};
}

describe('rewriting the index Pagefind wrote', () => {
  let dir: string;
  let before: Awaited<ReturnType<typeof readIndex>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rechunk-'));
    const pagefind = loadPagefind();
    const {index} = await pagefind.createIndex({forceLanguage: 'en'});
    const vocabulary = ['wallet', 'wallets', 'walletId', 'want', 'policy', 'policies', 'passkey', 'passkeys', 'session', 'signing', 'sign', 'sigil', 'quorum', 'root'];
    for (let i = 0; i < 30; i += 1) {
      const words = Array.from({length: 200}, (_, j) => vocabulary[(i * 7 + j * 3) % vocabulary.length]).join(' ');
      await index!.addHTMLFile({url: `/page-${i}`, content: `<html><body><main><h1>Page ${i}</h1><p>${words} token${i}x</p></main></body></html>`});
    }
    await index!.writeFiles({outputPath: dir});
    await pagefind.close();
    before = await readIndex(dir);
  }, 60_000);

  afterAll(async () => {
    await rm(dir, {recursive: true, force: true});
  });

  it('keeps every word and its locations, byte for byte and in order, in smaller chunks', async () => {
    const report = await rechunkIndex(dir, 200);
    const after = await readIndex(dir);
    expect(after.entries).toEqual(before.entries);
    expect(report.before).toBe(before.ranges.length);
    expect(report.after).toBe(after.ranges.length);
    expect(after.ranges.length).toBeGreaterThan(before.ranges.length);
    // The rest of the metadata (pages, filters, sorts) is as Pagefind wrote it.
    expect([after.meta[0], after.meta[1], ...after.meta.slice(3)]).toEqual([before.meta[0], before.meta[1], ...before.meta.slice(3)]);
  });

  it('gives each chunk a range from its first word’s prefix to its last word, in order, with no prefix in two chunks', async () => {
    const {decode} = loadCbor();
    const after = await readIndex(dir);
    let last = '';
    const prefixes = new Map<string, string>();
    for (const [from, to, hash] of after.ranges) {
      const words = (decode(gunzipSync(await readFile(path.join(dir, 'index', `${hash}.pf_index`))).subarray(12)) as [WordEntry[]])[0].map((w) => w[0]);
      expect(from).toBe(prefixOf(words[0]!));
      expect(to).toBe(words[words.length - 1]);
      expect(from > last).toBe(true);
      last = to;
      for (const w of words) {
        expect(prefixes.get(prefixOf(w)) ?? hash, `${w} is in two chunks`).toBe(hash);
        prefixes.set(prefixOf(w), hash);
      }
    }
  });

  it('leaves no file the metadata does not name, and names none that is missing', async () => {
    const after = await readIndex(dir);
    const entry = JSON.parse(await readFile(path.join(dir, 'pagefind-entry.json'), 'utf8')) as {languages: {en: {hash: string}}};
    expect(after.files.sort()).toEqual([...after.ranges.map((r) => `${r[2]}.pf_index`), `pagefind.${entry.languages.en.hash}.pf_meta`].sort());
  });

  it('refuses an index of another Pagefind version, with a message that says what to update', async () => {
    const file = path.join(dir, 'pagefind-entry.json');
    const entry = JSON.parse(await readFile(file, 'utf8')) as {version: string};
    await writeFile(file, JSON.stringify({...entry, version: '9.0.0'}));
    await expect(rechunkIndex(dir)).rejects.toThrow(/version 9\.0\.0.*Update rechunk\.ts/);
    await writeFile(file, JSON.stringify(entry));
  });
});
