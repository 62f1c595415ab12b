import {describe, expect, it} from 'vitest';
import {pageToMarkdown} from './convert';

const PAGE_URL = 'https://docs.sigil.example/features/sessions';

/** A page shaped like Docusaurus's output: the article inside layout chrome. */
function page(article: string, head = ''): string {
  return `<!doctype html><html><head><title>Sessions | Sigil docs</title>
<meta name="description" content="Read-only and read-write sessions.">${head}</head>
<body><nav class="navbar">Sigil Documentation Quickstart</nav><div class="main-wrapper"><main><article>
<nav class="theme-doc-breadcrumbs" aria-label="Breadcrumbs"><a href="/">Home</a></nav>
<div data-md-omit=""><button>Copy page</button></div>
<div class="theme-doc-toc-mobile"><button>On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>Sessions</h1></header>${article}</div>
<footer class="theme-doc-footer"><span class="theme-last-updated">Last updated on Nov 2, 2026</span></footer>
<nav class="pagination-nav"><a href="/next">Next</a></nav>
</article></main></div><footer class="footer">Copyright</footer></body></html>`;
}

/** Docusaurus code block markup: one `.token-line` per line, colour spans inside. */
function codeBlock(language: string, lines: string[], title?: string): string {
  const body = lines
    .map((l) => `<div class="token-line"><span class="token plain">${l.replace(/</g, '&lt;')}</span><br></div>`)
    .join('');
  return `<div class="language-${language} codeBlockContainer_x theme-code-block">${
    title ? `<div class="codeBlockTitle_abc">${title}</div>` : ''
  }<div class="codeBlockContent_x"><pre tabindex="0" class="prism-code language-${language}"><code class="codeBlockLines_x">${body}</code></pre>
<div class="buttonGroup_x"><button aria-label="Copy code">Copy</button></div></div></div>`;
}

const md = (article: string): string => pageToMarkdown(page(article), {pageUrl: PAGE_URL}).markdown;

describe('pageToMarkdown: the page', () => {
  it('takes the title, description and only the article body', () => {
    const result = pageToMarkdown(page('<p>Body.</p>'), {pageUrl: PAGE_URL});
    expect(result.title).toBe('Sessions');
    expect(result.description).toBe('Read-only and read-write sessions.');
    expect(result.markdown).toBe('# Sessions\n\nBody.\n');
  });

  it('drops heading anchors, navigation, buttons and anything marked data-md-omit', () => {
    const out = md(
      '<h2 id="lifetimes">Lifetimes<a href="#lifetimes" class="hash-link" aria-label="Direct link">\u200B</a></h2>' +
        '<section data-md-omit=""><p>Interactive playground</p></section><p>Kept.</p>',
    );
    expect(out).toContain('## Lifetimes\n');
    expect(out).not.toMatch(/Interactive playground|hash-link|\u200B|Copy page|Breadcrumbs|Next|Last updated/);
    expect(out).toContain('Kept.');
  });

  it('uses the article with an h1 when there is no docs markdown container (API reference pages)', () => {
    const html = `<html><head><title>Create wallet | Sigil docs</title></head><body><main>
      <a href="#api-sidebar">Browse all operations</a>
      <article><h1>Create wallet</h1><p><code>POST /public/v1/submit/create_wallet</code></p>
      <section data-md-omit="" aria-label="Request builder"><button>Open the request builder</button></section></article>
      <nav id="api-sidebar"><a href="/api/x">X</a></nav></main></body></html>`;
    const result = pageToMarkdown(html, {pageUrl: 'https://docs.sigil.example/api/wallets/create-wallet'});
    expect(result.markdown).toBe('# Create wallet\n\n`POST /public/v1/submit/create_wallet`\n');
  });

  it('starts with the page title when the h1 sits outside the chosen container', () => {
    const html = `<html><head><title>Getting started | Sigil docs</title></head><body><main><div class="container">
      <p>Intro.</p></div></main></body></html>`;
    expect(pageToMarkdown(html, {pageUrl: PAGE_URL}).markdown).toBe('# Getting started\n\nIntro.\n');
  });
});

describe('pageToMarkdown: components', () => {
  it('turns code blocks into fences with language and title, from the line text', () => {
    const out = md(codeBlock('ts', ['const a = 1;', '', 'if (a < 2) console.log(a);'], 'example.ts'));
    expect(out).toContain('```ts title="example.ts"\nconst a = 1;\n\nif (a < 2) console.log(a);\n```');
    expect(out).not.toContain('Copy');
  });

  it('uses a longer fence when the code contains one', () => {
    const out = md(codeBlock('md', ['```bash', 'ls', '```']));
    expect(out).toContain('````md\n```bash\nls\n```\n````');
  });

  it('keeps plain <pre> blocks too', () => {
    expect(md('<pre><code class="language-json">{"a": 1}</code></pre>')).toContain('```json\n{"a": 1}\n```');
  });

  it('turns tabs into bold-labelled sections, hidden panels included', () => {
    const out = md(`<div class="theme-tabs-container tabs-container"><ul role="tablist" class="tabs">
      <li role="tab" aria-selected="true">npm</li><li role="tab">yarn</li></ul><div class="margin-top--md">
      <div role="tabpanel">${codeBlock('bash', ['npm install @sigil/cli'])}</div>
      <div role="tabpanel" hidden>${codeBlock('bash', ['yarn add @sigil/cli'])}</div></div></div>`);
    expect(out).toContain('**npm**\n\n```bash\nnpm install @sigil/cli\n```\n\n**yarn**\n\n```bash\nyarn add @sigil/cli\n```');
  });

  it('turns admonitions into blockquotes led by their label', () => {
    const out = md(`<div class="theme-admonition theme-admonition-warning admonition_x alert alert--warning">
      <div class="admonitionHeading_x"><span class="admonitionIcon_x"><svg></svg></span>warning</div>
      <div class="admonitionContent_x"><p>Sessions expire after <strong>15 minutes</strong>.</p><p>Plan for it.</p></div></div>`);
    expect(out).toContain('> **Warning:** Sessions expire after **15 minutes**.\n>\n> Plan for it.');
  });

  it('uses a custom admonition title as the label, and handles content that does not start with a paragraph', () => {
    const out = md(`<div class="theme-admonition theme-admonition-tip alert">
      <div class="admonitionHeading_x">Use the SDK</div><div class="admonitionContent_x"><ul><li>One</li></ul></div></div>`);
    expect(out).toContain('> **Use the SDK:**\n>\n> - One');
  });

  it('keeps Mermaid diagrams as mermaid blocks', () => {
    const out = md('<div hidden data-md-mermaid="sequenceDiagram\n  A->>B: hello &amp; bye"></div>');
    expect(out).toContain('```mermaid\nsequenceDiagram\n  A->>B: hello & bye\n```');
  });

  it('turns details into a bold summary and its content', () => {
    const out = md('<details class="details_x"><summary>Why <code>900</code> seconds?</summary><div><p>Short-lived keys.</p></div></details>');
    expect(out).toContain('**Why `900` seconds?**\n\nShort-lived keys.');
  });

  it('lists category cards as links with their descriptions', () => {
    const html = `<html><head><title>Getting started | Sigil docs</title></head><body><main><div class="container">
      <header><h1>Getting started</h1><p>From zero to a signature.</p></header><article><section class="row">
      <article class="col"><a class="card" href="/getting-started/quickstart"><h2><span class="theme-doc-card-icon">📄️</span><span>Quickstart</span></h2><p title="x">Create an organization.</p></a></article>
      <article class="col"><a class="card" href="/getting-started/resource-limits"><h2><span class="theme-doc-card-icon">📄️</span><span>Resource limits</span></h2></a></article>
      </section></article></div></main></body></html>`;
    expect(pageToMarkdown(html, {pageUrl: 'https://docs.sigil.example/category/getting-started'}).markdown).toBe(
      '# Getting started\n\nFrom zero to a signature.\n\n' +
        '- [Quickstart](https://docs.sigil.example/getting-started/quickstart): Create an organization.\n' +
        '- [Resource limits](https://docs.sigil.example/getting-started/resource-limits)\n',
    );
  });
});

describe('pageToMarkdown: tables', () => {
  it('writes GFM tables with escaped pipes and multi-line cells joined by <br>', () => {
    const out = md(`<table><thead><tr><th>Field</th><th>Notes</th></tr></thead><tbody>
      <tr><td><code>limit</code></td><td>1 to 100<br>default 10</td></tr>
      <tr><td><code>mode</code></td><td>a | b<ul><li>one</li><li>two</li></ul></td></tr></tbody></table>`);
    expect(out).toContain('| Field | Notes |\n| --- | --- |\n| `limit` | 1 to 100<br>default 10 |\n| `mode` | a \\| b<br>- one<br>- two |');
  });

  it('leaves the summary of a moved <details> in a row that keeps other cells', () => {
    const out = md(`<table><thead><tr><th>Request</th><th>Outcome</th></tr></thead><tbody>
      <tr><td><details><summary>signing with pk-hot-1</summary><pre><code>{"id": "pk-hot-1"}</code></pre></details></td><td><code>ALLOW</code></td></tr>
      </tbody></table>`);
    expect(out).toContain('| signing with pk-hot-1 | `ALLOW` |');
    expect(out).toContain('**signing with pk-hot-1**\n\n```\n{"id": "pk-hot-1"}\n```');
  });

  it('pads short rows and expands colspan', () => {
    const out = md('<table><tr><th>A</th><th>B</th><th>C</th></tr><tr><td colspan="2">wide</td><td>c</td></tr><tr><td>only</td></tr></table>');
    const lines = out.split('\n').filter((l) => l.startsWith('|'));
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.split(/(?<!\\)\|/).length - 2).toBe(3);
  });

  it('moves nested tables and code blocks after their table, keeping what introduces them', () => {
    const out = md(`<table><thead><tr><th>Field</th><th>Type</th></tr></thead><tbody>
      <tr><th><code>wallet</code></th><td>object</td></tr>
      <tr><td colspan="2"><details open><summary>Fields of <code>wallet</code></summary>
        <table><thead><tr><th>Field</th><th>Type</th></tr></thead><tbody><tr><th><code>walletName</code></th><td>string</td></tr></tbody></table>
      </details></td></tr>
      <tr><th><code>example</code></th><td>${codeBlock('json', ['{', '  "a": 1', '}'])}</td></tr>
      </tbody></table>`);
    const outer = out.indexOf('| `wallet` | object |');
    const summary = out.indexOf('**Fields of `wallet`**');
    const inner = out.indexOf('| `walletName` | string |');
    const code = out.indexOf('```json\n{\n  "a": 1\n}\n```');
    expect(outer).toBeGreaterThan(0);
    expect(summary).toBeGreaterThan(outer);
    expect(inner).toBeGreaterThan(summary);
    expect(code).toBeGreaterThan(inner);
    // Emptied rows are gone (a full-width row of nested fields leaves nothing behind); the example row stays.
    expect(out).toContain('| `example` |');
    expect(out.match(/^\|[ |]*\|$/gm)).toBeNull();
  });
});

describe('pageToMarkdown: links and text', () => {
  it('makes links and images absolute', () => {
    const out = md(
      '<p><a href="/concepts/wallets">Wallets</a>, <a href="#lifetimes">below</a>, <a href="../api-overview/errors#retrying">errors</a>, ' +
        '<a href="https://app.sigil.example">dashboard</a> <img src="/img/flow.png" alt="Flow"></p>',
    );
    expect(out).toContain('[Wallets](https://docs.sigil.example/concepts/wallets)');
    expect(out).toContain('[below](https://docs.sigil.example/features/sessions#lifetimes)');
    expect(out).toContain('[errors](https://docs.sigil.example/api-overview/errors#retrying)');
    expect(out).toContain('[dashboard](https://app.sigil.example/)');
    expect(out).toContain('![Flow](https://docs.sigil.example/img/flow.png)');
  });

  it('writes lists with single-space markers, numbering from start, nested indentation', () => {
    const out = md('<ol start="3"><li>Third<ul><li>detail</li></ul></li><li>Fourth</li></ol>');
    expect(out).toContain('3. Third\n   - detail\n4. Fourth');
  });

  it('starts at the h1, dropping breadcrumb-like content before it', () => {
    const html = `<html><head><title>Create wallet | Sigil docs</title></head><body><main><article><header>
      <p class="eyebrow"><a href="/api/">API reference</a> / <a href="/api/#area-wallets">Wallets</a></p><h1>Create a wallet</h1>
      <p><span>POST</span> <code>/public/v1/submit/create_wallet</code><span>Submission</span></p></header></article></main></body></html>`;
    expect(pageToMarkdown(html, {pageUrl: PAGE_URL}).markdown).toBe('# Create a wallet\n\nPOST `/public/v1/submit/create_wallet` Submission\n');
  });

  it('spaces badges set side by side, but not before punctuation', () => {
    const out = md('<p><code>type</code><span class="required">required</span></p><p>One of: <span><code>12</code></span><span>, <code>15</code></span></p>');
    expect(out).toContain('`type` required');
    expect(out).toContain('One of: `12`, `15`');
  });

  it("unwraps a field's link to its own anchor", () => {
    const out = md('<table><tr><th>Field</th></tr><tr id="field-type"><th><a href="#field-type" title="type"><code>type</code></a></th></tr></table>');
    expect(out).toContain('| `type` |');
    expect(out).not.toContain('#field-type');
  });

  it('writes definition lists as bold terms with their definitions', () => {
    expect(md('<dl><dt>API name</dt><dd><code>create_wallet</code></dd><dt>Kind</dt><dd>Submission.</dd></dl>')).toContain(
      '**API name**: `create_wallet`\n\n**Kind**: Submission.',
    );
  });

  it('writes a link made of a title and a description as the title linked, then the description', () => {
    const out = md('<ul><li><a href="/getting-started/quickstart"><span>Quickstart</span><span>Your first signature.</span></a></li></ul>');
    expect(out).toContain('- [Quickstart](https://docs.sigil.example/getting-started/quickstart): Your first signature.');
  });

  it('drops links without text', () => {
    expect(md('<p>Text<a href="/x"></a></p>')).not.toContain('](');
  });
});
