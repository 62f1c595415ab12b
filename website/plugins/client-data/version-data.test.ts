import {describe, expect, it} from 'vitest';
import type {PropVersionMetadata} from '@docusaurus/plugin-content-docs';
import {cardDocsOf, clientVersionProps, isCategoryIndexProps, isVersionProps, withCardDocs, withDocs} from './version-data';

const version = {
  pluginId: 'default',
  version: 'current',
  label: 'Next',
  banner: null,
  badge: false,
  noIndex: false,
  className: 'docs-version-current',
  isLast: true,
  docsSidebars: {
    documentation: [
      {type: 'link', href: '/', label: 'Overview', docId: 'overview', unlisted: false},
      {
        type: 'category',
        label: 'Getting started',
        href: '/category/getting-started',
        collapsed: true,
        collapsible: true,
        items: [
          {type: 'link', href: '/quickstart', label: 'Quickstart', docId: 'quickstart', unlisted: false},
          {type: 'link', href: '/limits', label: 'Limits', docId: 'limits', unlisted: false, description: 'Own words'},
          {type: 'link', href: 'https://example.com', label: 'Elsewhere'},
          {
            type: 'category',
            label: 'Advanced',
            href: '/category/advanced',
            collapsed: true,
            collapsible: true,
            items: [{type: 'link', href: '/deep', label: 'Deep', docId: 'deep', unlisted: false}],
          },
        ],
      },
    ],
  },
  docs: {
    overview: {id: 'overview', title: 'Overview', description: 'The start.', sidebar: 'documentation'},
    quickstart: {id: 'quickstart', title: 'Quickstart', description: 'A first signature.', sidebar: 'documentation'},
    limits: {id: 'limits', title: 'Limits', description: 'How much.', sidebar: 'documentation'},
    deep: {id: 'deep', title: 'Deep', description: 'Further down.', sidebar: 'documentation'},
  },
} as unknown as PropVersionMetadata;

const category = (permalink: string) => ({categoryGeneratedIndex: {title: 'T', permalink, slug: permalink, sidebar: 'documentation', navigation: {}}});

describe('clientVersionProps', () => {
  it('drops every doc entry and every sidebar, and keeps the rest of the version data', () => {
    const out = clientVersionProps({version});
    expect(out.version.docs).toEqual({});
    expect(out.version.docsSidebars).toEqual({});
    expect(out.version.label).toBe('Next');
    expect(out.version.className).toBe('docs-version-current');
    // The input is not changed: the server's copy is the same file.
    expect(version.docs.quickstart!.description).toBe('A first signature.');
    expect(Object.keys(version.docsSidebars)).toEqual(['documentation']);
  });
});

describe('card docs of a generated index', () => {
  it('are the entries of the docs its category links to directly, without a description where the item has its own', () => {
    expect(cardDocsOf(version, '/category/getting-started', 'documentation')).toEqual({
      quickstart: {id: 'quickstart', title: 'Quickstart', description: 'A first signature.', sidebar: 'documentation'},
      limits: {id: 'limits', title: 'Limits', sidebar: 'documentation'},
    });
    expect(cardDocsOf(version, '/category/advanced')).toEqual({deep: version.docs.deep});
  });

  it('are added to the page props under cardDocs', () => {
    const props = withCardDocs(category('/category/advanced'), version);
    expect(props.cardDocs).toEqual({deep: version.docs.deep});
    expect(props.categoryGeneratedIndex.permalink).toBe('/category/advanced');
  });

  it('fail clearly when no category links to the page, or a card links to a doc the version lacks', () => {
    expect(() => cardDocsOf(version, '/category/nowhere')).toThrow(/no sidebar category links to the generated index \/category\/nowhere/);
    const {deep: _gone, ...fewer} = version.docs;
    expect(() => cardDocsOf({...version, docs: fewer}, '/category/advanced')).toThrow(/links to the doc deep, which the version data lacks/);
  });
});

describe('withDocs', () => {
  const stripped = clientVersionProps({version}).version;

  it('puts the page’s doc entries into the version its cards read', () => {
    const out = withDocs(stripped, {quickstart: version.docs.quickstart!});
    expect(out.docs).toEqual({quickstart: version.docs.quickstart});
    expect(out.label).toBe('Next');
    expect(stripped.docs).toEqual({});
  });

  it('returns the same object when the version has them all (the server render, other pages)', () => {
    expect(withDocs(version, undefined)).toBe(version);
    // An entry without a description, as a card whose item has its own gets it.
    expect(withDocs(version, {quickstart: {id: 'quickstart', title: 'Quickstart', sidebar: 'documentation'} as PropVersionMetadata['docs'][string]})).toBe(version);
  });
});

describe('recognising the files', () => {
  it('tells version data and generated-index props from other route props', () => {
    expect(isVersionProps({version})).toBe(true);
    expect(isCategoryIndexProps(category('/x'))).toBe(true);
    expect(isVersionProps(category('/x'))).toBe(false);
    expect(isCategoryIndexProps({version})).toBe(false);
    expect(isVersionProps({tag: {label: 'a'}})).toBe(false);
    expect(isCategoryIndexProps(null)).toBe(false);
  });
});
