import {describe, expect, it} from 'vitest';
import config from './docusaurus.config';
import sidebars from './sidebars';
import {brand} from './brand';

// The site settings of spec §1, read from the configuration itself.
describe('site settings', () => {
  const theme = config.themeConfig as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- theme config is untyped here
  const classic = (config.presets?.[0] as [string, Record<string, any>])[1]; // eslint-disable-line @typescript-eslint/no-explicit-any -- preset options are untyped here

  it('serves docs at the root with one English locale', () => {
    expect(config.baseUrl).toBe('/');
    expect(classic.docs.routeBasePath).toBe('/');
    expect(config.i18n).toEqual({defaultLocale: 'en', locales: ['en']});
  });

  it('defaults to light mode with the switch enabled and no system-preference override', () => {
    expect(theme.colorMode).toEqual({defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false});
  });

  it("builds with Rspack and the other faster options, but without Rspack's persistent cache (it reused a stale registry)", () => {
    const faster = config.future?.faster as Record<string, boolean>;
    expect(faster.rspackBundler).toBe(true);
    expect(faster.rspackPersistentCache).toBe(false);
  });

  it('uses a vertical bar as title delimiter and shows h2-h3 in the TOC', () => {
    expect(config.titleDelimiter).toBe('|');
    expect(theme.tableOfContents).toEqual({minHeadingLevel: 2, maxHeadingLevel: 3});
  });

  it('keeps the sidebar visible and categories open', () => {
    expect(theme.docs.sidebar).toEqual({hideable: false, autoCollapseCategories: false});
  });

  it('collapses every sidebar category until the reader is on one of its pages', () => {
    interface Category {type: string; label: string; collapsed?: boolean; collapsible?: boolean; items: unknown[]}
    const categories: Category[] = [];
    const collect = (items: unknown[]): void => {
      for (const item of items) {
        if (typeof item === 'object' && item !== null && (item as Category).type === 'category') {
          categories.push(item as Category);
          collect((item as Category).items);
        }
      }
    };
    for (const items of Object.values(sidebars)) collect(items as unknown[]);
    expect(Object.keys(sidebars)).toEqual(['documentation', 'sdks', 'solutions']);
    expect(categories.length).toBeGreaterThan(10);
    const open = categories.filter((c) => c.collapsed !== true || c.collapsible === false).map((c) => c.label);
    expect(open).toEqual([]);
  });

  it('adds Swift highlighting', () => {
    expect(theme.prism.additionalLanguages).toContain('swift');
  });

  it('fails on broken links, warns on broken markdown links and duplicate routes', () => {
    expect(config.onBrokenLinks).toBe('throw');
    expect(config.markdown?.hooks?.onBrokenMarkdownLinks).toBe('warn');
    expect(config.onDuplicateRoutes).toBe('warn');
  });

  it('keeps the base-URL misconfiguration banner on', () => {
    expect(config.baseUrlIssueBanner ?? true).toBe(true);
  });

  it('links the spec navbar items in order', () => {
    const labels = theme.navbar.items.map((i: {label?: string; type?: string}) => i.label ?? i.type);
    expect(labels).toEqual([
      'Documentation',
      'Quickstart',
      'Solutions',
      'SDK Reference',
      'API Reference',
      'Changelog',
      'search',
      'localeDropdown',
      'GitHub',
      'Dashboard',
    ]);
    const hrefs = theme.navbar.items.map((i: {href?: string}) => i.href).filter(Boolean);
    expect(hrefs).toEqual([brand.repositoryUrl, brand.dashboardUrl]);
  });

  it('takes outside addresses from the brand, under .example until configured', () => {
    expect(brand.apiBaseUrl).toMatch(/^https:\/\/[a-z.]+\.example$/);
    expect(brand.dashboardUrl).toMatch(/\.example$/);
  });
});
