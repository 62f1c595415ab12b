/**
 * Byte weight of built files as a static host would send them: gzip at level 9
 * of the file on disk. Deterministic for a given build, whatever the server
 * or the machine's load.
 */
import {readFileSync, existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';

export const KB = 1024;

const cache = new Map<string, number>();

/** The gzip size of a built file, by its URL path (`/assets/js/main.123.js`). */
export function gzipSizeOf(buildDir: string, urlPath: string): number {
  const file = path.join(buildDir, decodeURIComponent(urlPath));
  if (!file.startsWith(buildDir) || !existsSync(file) || !statSync(file).isFile()) {
    throw new Error(`Not a file of the build: ${urlPath}`);
  }
  let size = cache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), {level: 9}).length;
    cache.set(file, size);
  }
  return size;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

/** A fixed-width text table: what the budget test prints. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
