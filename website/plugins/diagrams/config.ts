/**
 * How diagrams are drawn. Everything here is part of each diagram's cache key
 * (cache.ts): change a colour token, a size or the font and every diagram is
 * rendered again by `npm run diagrams -w website`.
 */

/**
 * The colours of a diagram, as CSS custom properties defined for light and dark
 * in src/components/Diagram/styles.module.css. Mermaid is given a placeholder
 * colour for each theme variable (the sentinel), and the sentinels in its
 * output are replaced by `var(--sigil-diagram-NAME)`: one SVG serves both
 * themes.
 */
export const COLOR_TOKENS = {
  'node-bg': '#0b0101',
  text: '#0b0102',
  'node-border': '#0b0103',
  line: '#0b0104',
  'label-bg': '#0b0105',
  'cluster-bg': '#0b0106',
  bg: '#0b0107',
  'cluster-border': '#0b0108',
  'note-bg': '#0b0109',
  'note-border': '#0b010a',
  'note-text': '#0b010b',
} as const;

export type ColorToken = keyof typeof COLOR_TOKENS;

const c = COLOR_TOKENS;

/**
 * Every Mermaid theme variable the site's diagram types (flowchart, sequence,
 * state) read, each set to a token: Mermaid derives unset ones by darkening
 * or lightening others, which would leave colours no token stands for
 * (postprocess.ts refuses those).
 */
const themeVariables: Record<string, string> = {
  background: c.bg,
  primaryColor: c['node-bg'],
  primaryTextColor: c.text,
  primaryBorderColor: c['node-border'],
  secondaryColor: c['label-bg'],
  secondaryTextColor: c.text,
  secondaryBorderColor: c['node-border'],
  tertiaryColor: c['cluster-bg'],
  tertiaryTextColor: c.text,
  tertiaryBorderColor: c['cluster-border'],
  lineColor: c.line,
  textColor: c.text,
  mainBkg: c['node-bg'],
  secondBkg: c['label-bg'],
  nodeBkg: c['node-bg'],
  nodeBorder: c['node-border'],
  nodeTextColor: c.text,
  clusterBkg: c['cluster-bg'],
  clusterBorder: c['cluster-border'],
  defaultLinkColor: c.line,
  titleColor: c.text,
  edgeLabelBackground: c['label-bg'],
  arrowheadColor: c.line,
  // sequence
  actorBkg: c['node-bg'],
  actorBorder: c['node-border'],
  actorTextColor: c.text,
  actorLineColor: c['node-border'],
  signalColor: c.line,
  signalTextColor: c.text,
  labelBoxBkgColor: c['node-bg'],
  labelBoxBorderColor: c['node-border'],
  labelTextColor: c.text,
  loopTextColor: c.text,
  noteBkgColor: c['note-bg'],
  noteBorderColor: c['note-border'],
  noteTextColor: c['note-text'],
  activationBkgColor: c['label-bg'],
  activationBorderColor: c['node-border'],
  sequenceNumberColor: c.bg,
  // state
  labelColor: c.text,
  altBackground: c['cluster-bg'],
  stateBkg: c['node-bg'],
  stateLabelColor: c.text,
  stateBorder: c['node-border'],
  transitionColor: c.line,
  transitionLabelColor: c.text,
  specialStateColor: c.line,
  innerEndBackground: c.bg,
  compositeBackground: c.bg,
  compositeTitleBackground: c['node-bg'],
  compositeBorder: c['node-border'],
  fontFamily: 'Arial, "Liberation Sans", Helvetica, sans-serif',
  fontSize: '16px',
};

/**
 * Text is set in Arial or a font with Arial's metrics (Liberation Sans on
 * Linux, Helvetica on Apple systems), so boxes measured at render time fit
 * their labels on readers' machines too. 16 px labels stay at 12.8 px or more
 * when a diagram shrinks to its minimum width (MIN_SCALE).
 */
export const MERMAID_CONFIG = {
  startOnLoad: false,
  theme: 'base',
  themeVariables,
  securityLevel: 'strict',
  deterministicIds: true,
  htmlLabels: false,
  // Labels wrap at spaces past this width; a longer word (ACTIVITY_STATUS_CONSENSUS_NEEDED) is never cut.
  flowchart: {wrappingWidth: 360, htmlLabels: false, useMaxWidth: false, padding: 12, nodeSpacing: 40, rankSpacing: 50, diagramPadding: 8},
  sequence: {useMaxWidth: false, actorFontSize: 16, messageFontSize: 16, noteFontSize: 16, diagramMarginX: 8, diagramMarginY: 8},
  state: {useMaxWidth: false},
} as const;

/**
 * The smallest scale a diagram is drawn at (src/components/Diagram): a wider
 * one scrolls sideways instead of shrinking its 16 px text below 12.8 px.
 */
export const MIN_SCALE = 0.8;

/** Bumped when postprocess.ts changes what it writes: part of the cache key. */
export const OUTPUT_FORMAT = 7;
