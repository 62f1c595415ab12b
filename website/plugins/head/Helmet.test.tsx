import {describe, expect, it} from 'vitest';
import {contentsOf} from './Helmet';

describe('contentsOf', () => {
  it('reads title, html, body and head tags from a head’s children, with HTML attribute names', () => {
    const contents = contentsOf(
      <>
        <html lang="en" className="docs" data-has-hydrated={false} />
        <body className="page" />
        <title>
          {'Wallets'} | {'Sigil docs'}
        </title>
        <meta httpEquiv="x-ua-compatible" content="IE=edge" />
        <link rel="alternate" href="/a" hrefLang="en" />
        <script type="application/ld+json">{'{"a":1}'}</script>
        <noscript dangerouslySetInnerHTML={{__html: '<p>x</p>'}} />
        {false}
        {null}
        <div>not a head element</div>
      </>,
    );
    expect(contents.title).toBe('Wallets | Sigil docs');
    expect(contents.html).toEqual({lang: 'en', class: 'docs', 'data-has-hydrated': 'false'});
    expect(contents.body).toEqual({class: 'page'});
    expect(contents.tags).toEqual([
      {type: 'meta', attributes: {'http-equiv': 'x-ua-compatible', content: 'IE=edge'}},
      {type: 'link', attributes: {rel: 'alternate', href: '/a', hreflang: 'en'}},
      {type: 'script', attributes: {type: 'application/ld+json'}, text: '{"a":1}'},
      {type: 'noscript', attributes: {}, html: '<p>x</p>'},
    ]);
  });

  it('leaves out attributes that are undefined, or false outside data- and aria- attributes', () => {
    expect(contentsOf(<meta name="robots" content={undefined} hidden={false} />).tags).toEqual([{type: 'meta', attributes: {name: 'robots'}}]);
  });
});
