import {createHash} from 'node:crypto';
import {existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync, unlinkSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {MERMAID_CONFIG, OUTPUT_FORMAT} from './config';
import type {FinishedSvg} from './postprocess';

/**
 * Rendered diagrams, committed beside the docs (website/diagrams/KEY.svg) like
 * images, so a machine without Chromium builds the site from them. The key is
 * a hash of what decides the picture: the diagram's source, Mermaid's version,
 * the drawing settings (config.ts) and the output format.
 */
export const CACHE_DIR = path.resolve(__dirname, '../../diagrams');

/** The command that renders missing and stale diagrams: every error about the cache names it. */
export const RENDER_COMMAND = 'npm run diagrams -w website';

export function mermaidVersion(): string {
  const require = createRequire(__filename);
  return (require('mermaid/package.json') as {version: string}).version;
}

let settingsHash: string | undefined;

export function diagramKey(source: string): string {
  settingsHash ??= JSON.stringify({mermaid: mermaidVersion(), config: MERMAID_CONFIG, format: OUTPUT_FORMAT});
  return createHash('sha256').update(settingsHash).update('\0').update(source).digest('hex').slice(0, 16);
}

/** The SVG's id: unique per diagram, and free of hex-only prefixes so colour checks cannot mistake `url(#id)` for a colour. */
export const svgIdOf = (key: string): string => `diagram-${key.slice(0, 10)}`;

export const cachePath = (key: string, dir = CACHE_DIR): string => path.join(dir, `${key}.svg`);

export function readCached(key: string, dir = CACHE_DIR): FinishedSvg | undefined {
  const file = cachePath(key, dir);
  if (!existsSync(file)) return undefined;
  const svg = readFileSync(file, 'utf8').trim();
  const size = (name: string) => Number(new RegExp(`^<svg[^>]*\\s${name}="([\\d.]+)"`).exec(svg)?.[1]);
  const width = size('width');
  const height = size('height');
  if (!Number.isFinite(width) || !Number.isFinite(height)) throw new Error(`${file} has no width and height on its root: delete it and run ${RENDER_COMMAND}`);
  return {svg, width, height};
}

export function writeCached(key: string, finished: FinishedSvg, dir = CACHE_DIR): void {
  mkdirSync(dir, {recursive: true});
  writeFileSync(cachePath(key, dir), `${finished.svg}\n`);
}

/** Keys of every file in the cache. */
export function cachedKeys(dir = CACHE_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^[0-9a-f]{16}\.svg$/.test(f))
    .map((f) => f.slice(0, -4));
}

export function removeCached(key: string, dir = CACHE_DIR): void {
  unlinkSync(cachePath(key, dir));
}

/** The diagram's accessible name: Mermaid's `accTitle:` line, which every diagram of the site must have. */
export function titleOf(source: string): string | undefined {
  return /^\s*accTitle\s*:\s*(.+?)\s*$/m.exec(source)?.[1];
}
