/**
 * Code blocks are highlighted when the site is built, not in the browser.
 * The build tokenizes each block with Prism (the same grammars the theme
 * would load) and hands the page a compact description of the tokens, so the
 * page needs neither Prism (about 30 KB gzip on every page) nor the work of
 * tokenizing. This module is the format, shared by the build and the page.
 *
 * The format holds only each token's types and length; the text comes from
 * the code itself, which the page has anyway. Lines are separated by "|",
 * tokens by ",". A token is `types:length`, types joined by spaces and empty
 * for the common "plain" token; a trailing "!" marks the placeholder token of
 * an empty line (its content is "\n", as Prism's normaliser makes it).
 */

/** One token as prism-react-renderer's normaliser produces it. */
export interface Token {
  types: string[];
  content: string;
  empty?: boolean;
}

const NEWLINE = /\r\n|\r|\n/;

export function encodeTokens(lines: Token[][]): string {
  return lines
    .map((line) =>
      line
        .map((token) => {
          const types = token.types.length === 1 && token.types[0] === 'plain' ? '' : token.types.join(' ');
          return token.empty ? `${types}:0!` : `${types}:${token.content.length}`;
        })
        .join(','),
    )
    .join('|');
}

/**
 * The tokens of `code`, or null when the description does not fit the code
 * (a block whose text changed after the build described it): the caller then
 * highlights in the browser instead of showing wrong colours.
 */
export function decodeTokens(encoded: string, code: string): Token[][] | null {
  const codeLines = code.split(NEWLINE);
  const lines = encoded.split('|');
  if (lines.length !== codeLines.length) return null;
  const out: Token[][] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = codeLines[i]!;
    const line: Token[] = [];
    let at = 0;
    for (const part of lines[i]!.split(',')) {
      const colon = part.lastIndexOf(':');
      if (colon < 0) return null;
      const typeList = part.slice(0, colon);
      const types = typeList === '' ? ['plain'] : typeList.split(' ');
      if (part.endsWith('!')) {
        line.push({types, content: '\n', empty: true});
        continue;
      }
      const length = Number(part.slice(colon + 1));
      if (!Number.isInteger(length) || at + length > text.length) return null;
      line.push({types, content: text.slice(at, at + length)});
      at += length;
    }
    if (at !== text.length) return null;
    out.push(line);
  }
  return out;
}

/**
 * Tokens without highlighting: what Prism's normaliser makes of text in a
 * language it has no grammar for. Shown until (or instead of) colours.
 */
export function plainTokens(code: string): Token[][] {
  return code.split(NEWLINE).map((text) => (text === '' ? [{types: ['plain'], content: '\n', empty: true}] : [{types: ['plain'], content: text}]));
}
