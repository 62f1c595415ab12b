import type {CSSProperties} from 'react';
import clsx from 'clsx';
import type {Token} from './tokens';
import {lineProps, tokenProps, type themeDict} from './theme';

/**
 * The lines of a code block as one HTML string, in the markup of the theme's
 * CodeBlock/Line and Line/Token (a `div.token-line` per line, a `span.token`
 * per token, line numbers as the theme draws them). The page sets it as the
 * `<code>` element's inner HTML, so React neither creates nor hydrates an
 * element per token: code blocks hold half or more of the elements of a
 * docs page (up to 1,600 on an SDK page), and hydrating them was most of the
 * page's main-thread work after its scripts had run.
 */

export interface LineClasses {
  /** The theme's CSS-module class names of CodeBlock/Line (styles.module.css). */
  codeLine: string;
  codeLineNumber: string;
  codeLineContent: string;
}

export interface LinesHtmlInput {
  lines: Token[][];
  dict: ReturnType<typeof themeDict>;
  /** Magic-comment classes per line index (the code block metadata's lineClassNames). */
  lineClassNames: Record<number, string[] | undefined>;
  showLineNumbers: boolean;
  classes: LineClasses;
}

const ESCAPES: Record<string, string> = {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;'};
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

// CSS properties React writes without a unit when given a number (those a Prism theme can hold).
const UNITLESS = new Set(['opacity', 'fontWeight', 'lineHeight', 'zIndex', 'flex', 'flexGrow', 'flexShrink', 'order']);

/** A style object as React serialises it into a `style` attribute. */
export function styleText(style: CSSProperties | undefined): string {
  if (!style) return '';
  return Object.entries(style)
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && typeof value !== 'boolean')
    .map(([name, value]) => {
      const property = name.startsWith('--') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^ms-/, '-ms-');
      const text = typeof value === 'number' && value !== 0 && !UNITLESS.has(name) ? `${value}px` : String(value);
      return `${property}:${text.trim()}`;
    })
    .join(';');
}

function attributes(className: string | undefined, style: CSSProperties | undefined): string {
  const css = styleText(style);
  return `${className ? ` class="${escapeHtml(className)}"` : ''}${css ? ` style="${escapeHtml(css)}"` : ''}`;
}

/** A line that holds only its newline draws as an empty line (the theme's fixLineBreak), else the <br> doubles it. */
function fixLineBreak(line: Token[]): Token[] {
  return line.length === 1 && line[0]!.content === '\n' ? [{...line[0]!, content: ''}] : line;
}

export function linesHtml({lines, dict, lineClassNames, showLineNumbers, classes}: LinesHtmlInput): string {
  let html = '';
  lines.forEach((raw, i) => {
    const line = fixLineBreak(raw);
    const props = lineProps(dict, {line, className: clsx(lineClassNames[i], showLineNumbers && classes.codeLine)});
    let tokens = '';
    for (const token of line) {
      const t = tokenProps(dict, {token});
      tokens += `<span${attributes(t.className, t.style)}>${escapeHtml(t.children)}</span>`;
    }
    const body = showLineNumbers
      ? `<span class="${classes.codeLineNumber}"></span><span class="${classes.codeLineContent}">${tokens}</span>`
      : tokens;
    html += `<div${attributes(props.className, props.style)}>${body}<br></div>`;
  });
  return html;
}
