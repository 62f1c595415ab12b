import {describe, expect, it} from 'vitest';
import {escapeHtml, linesHtml, styleText} from './html';
import {themeDict, type PrismTheme} from './theme';

const THEME: PrismTheme = {
  plain: {color: '#393A34', backgroundColor: '#f6f8fa'},
  styles: [
    {types: ['keyword'], style: {color: '#00009f'}},
    {types: ['comment'], style: {color: '#999988', fontStyle: 'italic', opacity: 0.7}},
  ],
};
const CLASSES = {codeLine: 'codeLine_x', codeLineNumber: 'codeLineNumber_y', codeLineContent: 'codeLineContent_z'};
const dict = themeDict(THEME, 'js');

describe('styleText', () => {
  it('writes a style object as React does', () => {
    expect(styleText({color: '#fff', backgroundColor: undefined, fontStyle: 'italic', opacity: 0.7, marginLeft: 4})).toBe(
      'color:#fff;font-style:italic;opacity:0.7;margin-left:4px',
    );
    expect(styleText(undefined)).toBe('');
  });
});

describe('linesHtml', () => {
  const lines = [
    [
      {types: ['keyword'], content: 'const'},
      {types: ['plain'], content: ' a = "<b>" & 1;'},
    ],
    [{types: ['plain'], content: '\n', empty: true}],
    [{types: ['comment'], content: '// done'}],
  ];

  it('draws a div.token-line per line and a span.token per token, with the theme colours and escaped text', () => {
    const html = linesHtml({lines, dict, lineClassNames: {}, showLineNumbers: false, classes: CLASSES});
    expect(html).toBe(
      '<div class="token-line" style="color:#393A34"><span class="token keyword" style="color:#00009f">const</span>' +
        '<span class="token plain"> a = &quot;&lt;b&gt;&quot; &amp; 1;</span><br></div>' +
        // An empty line keeps one break, not two (the theme's fixLineBreak).
        '<div class="token-line" style="color:#393A34"><span class="token plain" style="display:inline-block"></span><br></div>' +
        '<div class="token-line" style="color:#393A34"><span class="token comment" style="color:#999988;font-style:italic;opacity:0.7">// done</span><br></div>',
    );
  });

  it('carries magic-comment classes and line numbers in the theme markup', () => {
    const html = linesHtml({lines: [lines[0]!], dict, lineClassNames: {0: ['theme-code-block-highlighted-line']}, showLineNumbers: true, classes: CLASSES});
    expect(html).toMatch(/^<div class="token-line theme-code-block-highlighted-line codeLine_x" style="color:#393A34">/);
    expect(html).toContain('<span class="codeLineNumber_y"></span><span class="codeLineContent_z"><span class="token keyword"');
    expect(html).toMatch(/<\/span><\/span><br><\/div>$/);
  });

  it('escapes every character that could end text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#x27;y&#x27;&gt;&amp;&lt;/a&gt;');
  });
});
