import {describe, expect, it} from 'vitest';
import {withPreloadsInHead} from './preloads-in-head';

const page = (head: string, app: string) => `<html><head><title>t</title>${head}</head><body><div id=__docusaurus>${app}</div></body></html>`;

describe('withPreloadsInHead', () => {
  it("moves the server render's leading preload links from the app's element to the end of <head>", () => {
    const html = page('<script src=/main.js defer></script>', '<link rel=preload as=image href=/img/logo.svg /><nav>n</nav>');
    expect(withPreloadsInHead(html)).toBe(
      page('<script src=/main.js defer></script><link rel=preload as=image href=/img/logo.svg />', '<nav>n</nav>'),
    );
  });

  it('moves every leading link, quoted id or not, and leaves links inside the content alone', () => {
    const html = `<head></head><div id="__docusaurus"><link rel=preload as=image href=/a.svg><link rel=preload as=image href=/b.png><main><link rel=stylesheet href=/x.css></main></div>`;
    expect(withPreloadsInHead(html)).toBe(
      `<head><link rel=preload as=image href=/a.svg><link rel=preload as=image href=/b.png></head><div id="__docusaurus"><main><link rel=stylesheet href=/x.css></main></div>`,
    );
  });

  it('leaves a page without leading links, or without the app, as it is', () => {
    const plain = page('', '<nav>n</nav>');
    expect(withPreloadsInHead(plain)).toBe(plain);
    expect(withPreloadsInHead('<head></head><p>redirect</p>')).toBe('<head></head><p>redirect</p>');
  });
});
