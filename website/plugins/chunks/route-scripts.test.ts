import {describe, expect, it} from 'vitest';
import {htmlFileOf, withRouteScripts} from './route-scripts';

const PAGE =
  '<html><head><link rel=stylesheet href=/assets/css/styles.1.css /><script src=/assets/js/runtime~main.2.js defer></script>' +
  '<script src=/assets/js/main.3.js defer></script></head><body></body></html>';

describe('withRouteScripts', () => {
  it('adds a deferred script per route chunk after the entry scripts, before </head>', () => {
    const out = withRouteScripts(PAGE, ['/assets/js/runtime~main.2.js', '/assets/css/styles.1.css', '/assets/js/main.3.js', '/assets/js/10.a.js', '/assets/js/11.b.js']);
    expect(out).toContain('<script src=/assets/js/main.3.js defer></script><script src="/assets/js/10.a.js" defer></script><script src="/assets/js/11.b.js" defer></script></head>');
    // Entry scripts and stylesheets are not repeated.
    expect(out.match(/main\.3\.js/g)).toHaveLength(1);
    expect(out.match(/styles\.1\.css/g)).toHaveLength(1);
  });

  it('leaves a page alone when it already loads every file', () => {
    expect(withRouteScripts(PAGE, ['/assets/js/main.3.js'])).toBe(PAGE);
  });

  it('tells a file from another whose name it begins', () => {
    const page = PAGE.replace('</head>', '<script src="/assets/js/10.a.js" defer></script></head>');
    expect(withRouteScripts(page, ['/assets/js/10.a.js', '/assets/js/10.a.jsx.js'])).toContain('src="/assets/js/10.a.jsx.js"');
    expect(withRouteScripts(page, ['/assets/js/10.a.js'])).toBe(page);
  });

  it('fails on a page without a head', () => {
    expect(() => withRouteScripts('<p>x</p>', ['/assets/js/1.js'])).toThrow(/no <\/head>/);
  });
});

describe('htmlFileOf', () => {
  it('maps route paths to the files Docusaurus writes', () => {
    expect(htmlFileOf('/')).toBe('index.html');
    expect(htmlFileOf('/concepts/wallets')).toBe('concepts/wallets/index.html');
    expect(htmlFileOf('/sdks/swift/')).toBe('sdks/swift/index.html');
    expect(htmlFileOf('/404.html')).toBe('404.html');
  });
});
