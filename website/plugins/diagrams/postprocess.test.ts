import {describe, expect, it} from 'vitest';
import {COLOR_TOKENS} from './config';
import {finishSvg, roundGeometry, splitRules} from './postprocess';

const c = COLOR_TOKENS;
const raw = (style: string, body: string, root = 'class="flowchart" width="100%" viewBox="0 0 200.5 100" style="max-width: 200.5px;" aria-roledescription="flowchart-v2"') =>
  `<svg id="x" ${root}><style>${style}</style>${body}</svg>`;

describe('finishSvg', () => {
  it('turns the sentinel colours into the diagram variables, in rules and in attributes', () => {
    const {svg} = finishSvg(raw(`#x .node rect{fill:${c['node-bg']};stroke:${c['node-border']}}`, `<rect fill="${c.line}" class="a"/>`), {id: 'diagram-1', title: 'T'});
    expect(svg).toContain('#x .node rect{fill:var(--sigil-diagram-node-bg);stroke:var(--sigil-diagram-node-border)}');
    // Presentation attributes cannot hold var(): the colour moves into the style attribute.
    expect(svg).toContain('<rect class="a" style="fill:var(--sigil-diagram-line)"/>');
  });

  it('maps rgba() of a sentinel to its variable too', () => {
    const {svg} = finishSvg(raw('#x .labelBkg{background-color:rgba(11, 1, 5, 0.5)}', ''), {id: 'diagram-1', title: 'T'});
    expect(svg).toContain('background-color:var(--sigil-diagram-label-bg)');
  });

  it('refuses a colour that is no token, naming it', () => {
    expect(() => finishSvg(raw('#x .note{fill:#fff5ad}', ''), {id: 'diagram-1', title: 'T'})).toThrow(/not diagram tokens.*#fff5ad/);
    expect(() => finishSvg(raw('#x .a{stroke:black}', ''), {id: 'diagram-1', title: 'T'})).toThrow(/stroke:black/);
  });

  it('drops literal colours from attributes (the stylesheet colours those elements) and unused looks from the style', () => {
    const {svg} = finishSvg(
      raw(`#x [data-look="neo"].node rect,#x .node rect{stroke:${c.line};filter:drop-shadow(1px 1px red)}#x .edgeLabel rect{opacity:0.5;fill:${c['label-bg']}}@keyframes dash{to{stroke-dashoffset:0}}`, '<rect fill="#eaeaea" stroke="black" class="actor"/><path fill="none" marker-end="url(#m)"/>'),
      {id: 'diagram-1', title: 'T'},
    );
    expect(svg).toContain('<rect class="actor"/><path fill="none" marker-end="url(#m)"/>');
    expect(svg).toContain('#x .node rect{stroke:var(--sigil-diagram-line)}');
    expect(svg).toContain('#x .edgeLabel rect{fill:var(--sigil-diagram-label-bg)}');
    expect(svg).not.toMatch(/neo|keyframes|opacity|drop-shadow/);
  });

  it('gives the root its name, role and natural size, and keeps the diagram type as its class', () => {
    const out = finishSvg(raw('', '<title>old</title><g/>'), {id: 'diagram-1', title: 'Say "hi" <now>'});
    expect(out.width).toBe(201);
    expect(out.height).toBe(100);
    expect(out.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" id="diagram-1" class="flowchart" viewBox="0 0 200.5 100" width="201" height="100" role="img" aria-label="Say &quot;hi&quot; &lt;now&gt;">/);
    expect(out.svg).not.toContain('<title>');
    expect(out.svg).not.toContain('max-width');
    const sequence = finishSvg(raw('', '', 'viewBox="0 0 10 10" aria-roledescription="sequence"'), {id: 'd', title: 'T'});
    expect(sequence.svg).toContain('class="sequence"');
  });

  it('removes markers, filters and gradients nothing uses, keeps the used ones', () => {
    const body = '<defs><marker id="used"><path d="M0 0"/></marker><marker id="unused"><path stroke="black" d="M0 0"/></marker></defs><line marker-end="url(#used)"/>';
    const {svg} = finishSvg(raw('', body), {id: 'diagram-1', title: 'T'});
    expect(svg).toContain('<marker id="used">');
    expect(svg).not.toContain('unused');
  });

  it('fails clearly on output that is not an SVG with a viewBox', () => {
    expect(() => finishSvg('<div/>', {id: 'd', title: 'T'})).toThrow(/does not start with <svg>/);
    expect(() => finishSvg('<svg id="x"></svg>', {id: 'd', title: 'T'})).toThrow(/no usable viewBox/);
  });
});

describe('helpers', () => {
  it('rounds coordinates to two decimals without touching text or compact path syntax', () => {
    expect(roundGeometry('<path d="M1.23456,2.5L.2563.0014" data-id="a1.23456"/><text x="3.14159">1.23456</text>')).toBe(
      '<path d="M1.23,2.5L.2563.0014" data-id="a1.23456"/><text x="3.14">1.23456</text>',
    );
  });

  it('splits a stylesheet into top-level rules, at-rules whole', () => {
    expect(splitRules('a{b:c}@keyframes k{to{x:y}}d,e{f:g}')).toEqual(['a{b:c}', '@keyframes k{to{x:y}}', 'd,e{f:g}']);
  });
});
