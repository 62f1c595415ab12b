import {COLOR_TOKENS, type ColorToken} from './config';

export interface FinishedSvg {
  /** The SVG markup, inlined into the page. */
  svg: string;
  /** Natural size in CSS pixels (the viewBox): the component scales from it. */
  width: number;
  height: number;
}

const SENTINEL_TO_TOKEN = new Map<string, ColorToken>(
  (Object.entries(COLOR_TOKENS) as [ColorToken, string][]).map(([token, hex]) => [hex.toLowerCase(), token]),
);
const cssVar = (token: ColorToken) => `var(--sigil-diagram-${token})`;

/** Style rules for looks, features and diagram types the site does not use. */
const UNUSED_RULE = /data-look="neo"|\.katex|\.error-|Tooltip|Popup|:root|edge-animation|\.rough-node|\.icon-shape|\.image-shape|\.label-icon|collapsed-|alt-composit/;

/** Colour values written literally: anything left after the tokens are substituted is an error. */
const LITERAL_COLOR = /(?:^|[;{\s"])(?:fill|stroke|color|stop-color|flood-color|background-color|background)\s*[:=]\s*"?\s*(#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)|red|black|white|grey|gray)/gi;

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Top-level rules of a flat stylesheet, at-rules with their nested blocks kept whole. */
export function splitRules(css: string): string[] {
  const rules: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}') {
      depth--;
      if (depth === 0) {
        rules.push(css.slice(start, i + 1).trim());
        start = i + 1;
      }
    }
  }
  return rules.filter(Boolean);
}

/** Sentinel colours (hex, or rgb()/rgba() of a sentinel) to the token variables. */
function substituteColors(text: string): string {
  return text
    .replace(/#[0-9a-f]{6}\b/gi, (hex) => {
      const token = SENTINEL_TO_TOKEN.get(hex.toLowerCase());
      return token ? cssVar(token) : hex;
    })
    .replace(/rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,[^)]*)?\)/gi, (whole, r: string, g: string, b: string) => {
      const hex = `#${[r, g, b].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
      const token = SENTINEL_TO_TOKEN.get(hex);
      return token ? cssVar(token) : whole;
    });
}

function finishStyle(css: string): string {
  return splitRules(css)
    .filter((rule) => !rule.startsWith('@'))
    .map((rule) => {
      const open = rule.indexOf('{');
      // A rule may list used and unused selectors together: keep the used ones.
      const selectors = rule
        .slice(0, open)
        .split(',')
        .filter((s) => !UNUSED_RULE.test(s));
      const declarations = rule
        .slice(open + 1, -1)
        .split(';')
        .map((d) => d.trim())
        // Label backgrounds are opaque so lines behind them never cut through text;
        // shadows belong to a look the site does not use; Mermaid's red is a debugging colour.
        .filter((d) => d && !/^opacity:\s*0?\.5$/.test(d) && !d.startsWith('filter:') && d !== 'color:red');
      return selectors.length && declarations.length ? `${selectors.join(',')}{${declarations.join(';')}}` : '';
    })
    .join('');
}

/** Presentation attributes cannot hold var(): a sentinel there moves into the style attribute, other colours go (the stylesheet sets them); none, currentColor and url() stay. */
function finishColorAttributes(markup: string): string {
  return markup.replace(/<([a-zA-Z]+)((?:\s+[^\s=>]+="[^"]*")*)\s*(\/?)>/g, (tag, name: string, attrs: string, selfClose: string) => {
    if (!/\s(?:fill|stroke|stop-color|flood-color)="/.test(attrs)) return tag;
    const moved: string[] = [];
    let style = '';
    const kept = attrs.replace(/\s+([^\s=>]+)="([^"]*)"/g, (attr, key: string, value: string) => {
      if (key === 'style') {
        style = value;
        return '';
      }
      if (!['fill', 'stroke', 'stop-color', 'flood-color'].includes(key)) return attr;
      if (SENTINEL_TO_TOKEN.has(value.toLowerCase())) {
        moved.push(`${key}:${value}`);
        return '';
      }
      return /^(none|currentColor|transparent|url\(.*\))$/i.test(value) ? attr : '';
    });
    const styleText = [style.replace(/;\s*$/, ''), ...moved].filter(Boolean).join(';');
    return `<${name}${kept}${styleText ? ` style="${styleText}"` : ''}${selfClose ? '/' : ''}>`;
  });
}

const GEOMETRY = new Set(['d', 'points', 'transform', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'refX', 'refY', 'style']);

/** Coordinates to two decimals (Mermaid writes up to 16): a third of the file, invisible at any zoom a reader uses. */
export function roundGeometry(markup: string): string {
  return markup.replace(/(\s)([a-zA-Z-]+)="([^"]*)"/g, (attr, space: string, name: string, value: string) =>
    GEOMETRY.has(name) ? `${space}${name}="${value.replace(/(?<![\d.])(\d+\.\d{2})\d+/g, '$1')}"` : attr,
  );
}

/**
 * Attributes only Mermaid's own scripts read (an edge's points in base64, its kind and look), and empty
 * styles. `data-id` stays: it ties an edge label to its edge (tests/e2e/diagrams.spec.ts).
 */
export function dropScriptData(markup: string): string {
  return markup.replace(/\s(?:data-points|data-et|data-look|data-edge)="[^"]*"|\sstyle="[;\s]*"/g, '');
}

/** Filters, gradients and arrowheads nothing refers to (Mermaid defines every kind it might need). */
function dropUnusedDefs(markup: string): string {
  const used = (id: string) => markup.includes(`url(#${id})`) || markup.includes(`href="#${id}"`);
  return markup.replace(/<(filter|linearGradient|radialGradient|marker|symbol)\b[^>]*\bid="([^"]+)"[^>]*>[\s\S]*?<\/\1>/g, (whole, _tag: string, id: string) =>
    used(id) ? whole : '',
  );
}

/**
 * Turns Mermaid's SVG into the one the page inlines: colours become the
 * site's diagram variables (light and dark from one file), rules for unused
 * looks go, the root gets `role="img"`, its name and its natural size, and
 * any colour that is not a token is refused, so a Mermaid upgrade that
 * introduces one fails the render instead of shipping a colour that ignores
 * dark mode.
 */
export function finishSvg(raw: string, {id, title}: {id: string; title: string}): FinishedSvg {
  const rootMatch = /^\s*<svg\b([^>]*)>/.exec(raw);
  if (!rootMatch) throw new Error('Mermaid output does not start with <svg>');
  const viewBox = /\bviewBox="([^"]+)"/.exec(rootMatch[1]!)?.[1];
  const box = viewBox?.trim().split(/[\s,]+/).map(Number);
  if (!box || box.length !== 4 || box.some((n) => !Number.isFinite(n))) throw new Error(`Mermaid output has no usable viewBox (${viewBox})`);
  const [minX, minY, w, h] = box as [number, number, number, number];
  const width = Math.ceil(w);
  const height = Math.ceil(h);
  // Sequence diagrams come without a class: the diagram type (aria-roledescription) stands in.
  const className = /\bclass="([^"]+)"/.exec(rootMatch[1]!)?.[1] ?? /\baria-roledescription="([^"]+)"/.exec(rootMatch[1]!)?.[1] ?? '';

  let body = raw.slice(rootMatch[0].length);
  body = body.replace(/<style>([\s\S]*?)<\/style>/, (_whole, css: string) => `<style>${finishStyle(css)}</style>`);
  // The accessible name is on the root; a <title> would also pop up as a tooltip.
  body = body.replace(/<title\b[^>]*>[\s\S]*?<\/title>/, '');
  body = dropUnusedDefs(body);
  body = finishColorAttributes(body);
  body = substituteColors(body);
  body = roundGeometry(body);
  body = dropScriptData(body).replace(/<defs><\/defs>|<g><\/g>/g, '');

  const root =
    `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" class="${escapeAttribute(className)}" ` +
    `viewBox="${minX} ${minY} ${w} ${h}" width="${width}" height="${height}" role="img" aria-label="${escapeAttribute(title)}">`;
  const svg = root + body;

  const leftovers = [...svg.matchAll(LITERAL_COLOR)].map((m) => m[0].trim());
  if (leftovers.length) {
    throw new Error(`Colours that are not diagram tokens in the rendered SVG (set the Mermaid variable in plugins/diagrams/config.ts): ${[...new Set(leftovers)].join(', ')}`);
  }
  return {svg, width, height};
}
