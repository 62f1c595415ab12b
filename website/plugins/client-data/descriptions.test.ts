import {describe, expect, it} from 'vitest';
import type {PropVersionMetadata} from '@docusaurus/plugin-content-docs';
import {cardDescriptionsOf, isCategoryIndexProps, isVersionProps, withCardDescriptions, withDescriptions, withoutDocDescriptions} from './descriptions';

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

describe('withoutDocDescriptions', () => {
  it('drops every description and keeps the rest of the version data', () => {
    const out = withoutDocDescriptions({version});
    expect(out.version.docs.quickstart).toEqual({id: 'quickstart', title: 'Quickstart', sidebar: 'documentation'});
    expect(JSON.stringify(out.version.docs)).not.toContain('description');
    expect(out.version.docsSidebars).toBe(version.docsSidebars);
    expect(out.version.label).toBe('Next');
    // The input is not changed: the server's copy is the same file.
    expect(version.docs.quickstart!.description).toBe('A first signature.');
  });
});

describe('card descriptions of a generated index', () => {
  it('are those of the docs its category links to directly, unless the item has its own', () => {
    expect(cardDescriptionsOf(version, '/category/getting-started', 'documentation')).toEqual({quickstart: 'A first signature.'});
    expect(cardDescriptionsOf(version, '/category/advanced')).toEqual({deep: 'Further down.'});
  });

  it('are added to the page props under cardDescriptions', () => {
    const props = withCardDescriptions(category('/category/advanced'), version);
    expect(props.cardDescriptions).toEqual({deep: 'Further down.'});
    expect(props.categoryGeneratedIndex.permalink).toBe('/category/advanced');
  });

  it('fail clearly when no category links to the page', () => {
    expect(() => cardDescriptionsOf(version, '/category/nowhere')).toThrow(/no sidebar category links to the generated index \/category\/nowhere/);
  });
});

describe('withDescriptions', () => {
  const stripped = withoutDocDescriptions({version}).version as unknown as PropVersionMetadata;

  it('puts the page’s descriptions back into the version its cards read', () => {
    const out = withDescriptions(stripped, {quickstart: 'A first signature.', unknown: 'x'});
    expect(out.docs.quickstart!.description).toBe('A first signature.');
    expect(out.docs.limits!.description).toBeUndefined();
    expect(out.docs).not.toHaveProperty('unknown');
    expect(stripped.docs.quickstart!.description).toBeUndefined();
  });

  it('returns the same object when there is nothing to add (the server render, other pages)', () => {
    expect(withDescriptions(version, undefined)).toBe(version);
    expect(withDescriptions(version, {quickstart: 'A first signature.'})).toBe(version);
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
