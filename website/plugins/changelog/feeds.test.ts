import {describe, expect, it} from 'vitest';
import {XMLParser, XMLValidator} from 'fast-xml-parser';
import {addAtomSelfLink, addRssSelfLink} from './feeds';

const rss = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
    <channel>
        <title>T</title>
        <item><title>A</title></item>
    </channel>
</rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
    <id>https://x.example/changelog</id>
    <link rel="alternate" href="https://x.example/changelog"/>
</feed>`;

const parse = (xml: string) => new XMLParser({ignoreAttributes: false}).parse(xml) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed XML is untyped

describe('feed self links', () => {
  it('RSS: atom:link rel=self in the channel, with the Atom namespace, valid XML, once', () => {
    const out = addRssSelfLink(rss, 'https://x.example/changelog/rss.xml?a=1&b=2');
    expect(XMLValidator.validate(out)).toBe(true);
    const doc = parse(out);
    expect(doc.rss['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom');
    expect(doc.rss.channel['atom:link']).toMatchObject({
      '@_href': 'https://x.example/changelog/rss.xml?a=1&b=2',
      '@_rel': 'self',
      '@_type': 'application/rss+xml',
    });
    expect(addRssSelfLink(out, 'https://x.example/other')).toBe(out);
  });

  it('Atom: link rel=self in the feed, next to the alternate link', () => {
    const out = addAtomSelfLink(atom, 'https://x.example/changelog/atom.xml');
    expect(XMLValidator.validate(out)).toBe(true);
    const links = parse(out).feed.link as {'@_rel': string; '@_href': string}[];
    expect(links).toContainEqual(expect.objectContaining({'@_rel': 'self', '@_href': 'https://x.example/changelog/atom.xml'}));
    expect(links).toContainEqual(expect.objectContaining({'@_rel': 'alternate'}));
    expect(addAtomSelfLink(out, 'https://x.example/y')).toBe(out);
  });

  it('refuses a document that is not a feed of its kind', () => {
    expect(() => addRssSelfLink('<feed></feed>', 'u')).toThrow(/channel/);
    expect(() => addAtomSelfLink('<rss><channel/></rss>', 'u')).toThrow(/feed/);
  });
});
