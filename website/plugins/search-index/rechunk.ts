import {createHash} from 'node:crypto';
import {readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';
import {loadCbor} from './loadEsm';

/**
 * Pagefind writes its word index in chunks of about 20,000 word locations
 * (about 25 KB compressed here), and a query loads and decodes the chunk of
 * each of its words before it can search: on a phone-speed CPU, about 20 ms
 * per chunk, the largest part of a keystroke's wait. This module splits the
 * chunks Pagefind wrote into smaller ones and rewrites its metadata to list
 * them; the words and their locations are copied byte for byte.
 *
 * Pagefind looks a query word up in the one chunk whose range holds it, and
 * matches the words of that chunk that begin with it. A cut never falls
 * between two words that begin with the same PREFIX_LENGTH characters, and
 * a chunk's range starts at its first word's prefix, so a query word of that
 * length or more finds all its extensions in one chunk.
 */
export const CHUNK_LOCATIONS = 5000;
export const PREFIX_LENGTH = 3;

/** The version of Pagefind's file format this was written against (pagefind-entry.json's `version`). */
export const PAGEFIND_FORMAT = '1.6.0';
/** Pagefind's files are gzip streams that start with this signature. */
const SIGNATURE = Buffer.from('pagefind_dcd');

/** A word of a chunk: [word, pages, …]; a page: [page number, locations (negative numbers set a weight), …]. */
export type WordEntry = [string, [number, number[], ...unknown[]][], ...unknown[]];
/** The metadata's list of chunks: [from, to, hash]. */
type ChunkRange = [string, string, string];

/** What Pagefind counts towards a chunk's size: each page a word is on, and each of its locations. */
export function entrySize(entry: WordEntry): number {
  return entry[1].reduce((sum, page) => sum + page[1].length + 1, 0);
}

export const prefixOf = (word: string): string => Array.from(word).slice(0, PREFIX_LENGTH).join('');

/** Cuts words (in Pagefind's order) into chunks of at least `target` locations, never inside a prefix group. */
export function splitWords(words: readonly WordEntry[], target = CHUNK_LOCATIONS): WordEntry[][] {
  const chunks: WordEntry[][] = [];
  let current: WordEntry[] = [];
  let size = 0;
  words.forEach((entry, i) => {
    current.push(entry);
    size += entrySize(entry);
    const next = words[i + 1];
    if (next && size >= target && prefixOf(next[0]) !== prefixOf(entry[0])) {
      chunks.push(current);
      current = [];
      size = 0;
    }
  });
  if (current.length > 0) chunks.push(current);
  return chunks;
}

class FormatError extends Error {
  constructor(what: string) {
    super(`Pagefind's index is not in the format plugins/search-index/rechunk.ts reads (${PAGEFIND_FORMAT}): ${what}. Update rechunk.ts for the installed Pagefind.`);
  }
}

function unpack(file: string, bytes: Buffer): Buffer {
  const raw = gunzipSync(bytes);
  if (!raw.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new FormatError(`${file} lacks Pagefind's signature`);
  return raw.subarray(SIGNATURE.length);
}
const pack = (cbor: Uint8Array): Buffer => gzipSync(Buffer.concat([SIGNATURE, cbor]), {level: 9});
const hashOf = (bytes: Uint8Array, length: number): string => createHash('sha256').update(bytes).digest('hex').slice(0, length);

/**
 * Decodes a Pagefind file, refusing it unless encoding the result again
 * gives the same bytes: whatever this module writes back is then in the
 * encoding Pagefind's own reader was given.
 */
function decodeExact(file: string, cbor: Buffer): unknown {
  const {decode, encode} = loadCbor();
  const value = decode(cbor) as unknown;
  if (!Buffer.from(encode(value)).equals(cbor)) throw new FormatError(`${file} does not encode back to the same bytes`);
  return value;
}

export interface RechunkReport {
  before: number;
  after: number;
  /** Locations in the largest chunk written. */
  largest: number;
}

/** Splits the word index Pagefind wrote to `outputPath` (the site's `pagefind/` folder) into smaller chunks. */
export async function rechunkIndex(outputPath: string, target = CHUNK_LOCATIONS): Promise<RechunkReport> {
  const {encode} = loadCbor();
  const entryFile = path.join(outputPath, 'pagefind-entry.json');
  const entry = JSON.parse(await readFile(entryFile, 'utf8')) as {version?: string; languages: Record<string, {hash: string}>};
  if (entry.version !== PAGEFIND_FORMAT) throw new FormatError(`pagefind-entry.json says version ${String(entry.version)}`);
  const report: RechunkReport = {before: 0, after: 0, largest: 0};
  for (const language of Object.values(entry.languages)) {
    const metaFile = path.join(outputPath, `pagefind.${language.hash}.pf_meta`);
    const meta = decodeExact(metaFile, unpack(metaFile, await readFile(metaFile)));
    if (!Array.isArray(meta) || meta[0] !== PAGEFIND_FORMAT || !Array.isArray(meta[2])) throw new FormatError('the metadata is not [version, pages, chunks, …]');
    const ranges = meta[2] as unknown[];
    const words: WordEntry[] = [];
    for (const range of ranges) {
      if (!Array.isArray(range) || range.length !== 3 || !range.every((s) => typeof s === 'string')) throw new FormatError('a chunk is not [from, to, hash]');
      const file = path.join(outputPath, 'index', `${(range as ChunkRange)[2]}.pf_index`);
      const chunk = decodeExact(file, unpack(file, await readFile(file)));
      if (!Array.isArray(chunk) || chunk.length !== 1 || !Array.isArray(chunk[0])) throw new FormatError(`${file} is not [words]`);
      for (const word of chunk[0] as unknown[]) {
        if (!Array.isArray(word) || typeof word[0] !== 'string' || !Array.isArray(word[1])) throw new FormatError(`${file} holds a word that is not [word, pages, …]`);
        words.push(word as WordEntry);
      }
    }
    const chunks = splitWords(words, target);
    const written: ChunkRange[] = [];
    for (const chunk of chunks) {
      const cbor = encode([chunk]);
      // Pagefind names chunks by language and a short hash of their content.
      let hash = `${language.hash.split('_')[0]}_${hashOf(cbor, 7)}`;
      for (let length = 8; written.some((r) => r[2] === hash); length += 1) hash = `${hash.split('_')[0]}_${hashOf(cbor, length)}`;
      await writeFile(path.join(outputPath, 'index', `${hash}.pf_index`), pack(cbor));
      written.push([prefixOf(chunk[0]![0]), chunk[chunk.length - 1]![0], hash]);
      report.largest = Math.max(report.largest, chunk.reduce((sum, w) => sum + entrySize(w), 0));
    }
    const keep = new Set(written.map((r) => r[2]));
    for (const range of ranges as ChunkRange[]) if (!keep.has(range[2])) await rm(path.join(outputPath, 'index', `${range[2]}.pf_index`));
    const metaCbor = encode([meta[0], meta[1], written, ...meta.slice(3)]);
    const metaHash = `${language.hash.split('_')[0]}_${hashOf(metaCbor, 10)}`;
    await writeFile(path.join(outputPath, `pagefind.${metaHash}.pf_meta`), pack(metaCbor));
    if (metaHash !== language.hash) await rm(metaFile);
    language.hash = metaHash;
    report.before += ranges.length;
    report.after += written.length;
  }
  await writeFile(entryFile, JSON.stringify(entry));
  return report;
}
