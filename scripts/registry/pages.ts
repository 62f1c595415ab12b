// Commands taken from the pages a new reader follows, so the fresh-clone test runs what the pages say and breaks
// when a page changes its commands in a way the test no longer follows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractBlocks } from '../doctest/run.mjs';

export interface Block {
  lang: string;
  meta: string;
  code: string;
}

export class Page {
  readonly blocks: Block[];
  constructor(
    readonly path: string,
    readonly text: string,
  ) {
    this.blocks = extractBlocks(text) as Block[];
  }

  static read(repo: string, path: string): Page {
    return new Page(path, readFileSync(join(repo, path), 'utf8'));
  }

  /**
   * The one shell block with a line that starts with `text` (a command), or else whose code contains it; throws naming
   * the page when there is none or more than one.
   */
  shell(text: string): string {
    const shells = this.blocks.filter((b) => ['bash', 'sh', 'shell'].includes(b.lang));
    const starting = shells.filter((b) => b.code.split('\n').some((line) => line.trimStart().startsWith(text)));
    const found = starting.length > 0 ? starting : shells.filter((b) => b.code.includes(text));
    if (found.length !== 1) throw new Error(`${this.path}: expected one shell block containing ${JSON.stringify(text)}, found ${found.length}`);
    return found[0]!.code.trim();
  }

  /** The code block titled `title`. */
  titled(title: string, index = 0): string {
    const found = this.blocks.filter((b) => new RegExp(`(^|\\s)title="${title.replace(/\./g, '\\.')}"`).test(b.meta));
    if (!found[index]) throw new Error(`${this.path}: no block titled ${title}`);
    return found[index]!.code;
  }
}

/** Markdown's fenced `sh` blocks of the README, which has no info-string markers. */
export function readmeBlocks(repo: string): string[] {
  const text = readFileSync(join(repo, 'README.md'), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!.trim());
}

/** The one README block containing `text`. */
export function readmeBlock(repo: string, text: string): string {
  const found = readmeBlocks(repo).filter((b) => b.includes(text));
  if (found.length !== 1) throw new Error(`README.md: expected one sh block containing ${JSON.stringify(text)}, found ${found.length}`);
  return found[0]!;
}
