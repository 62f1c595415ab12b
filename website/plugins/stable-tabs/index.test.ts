import {describe, expect, it} from 'vitest';
import {isTabsUseIsBrowser} from './index';

describe('isTabsUseIsBrowser', () => {
  it("picks the theme's Tabs import of useIsBrowser only", () => {
    const tabs = '/repo/node_modules/@docusaurus/theme-classic/lib/theme/Tabs/index.js';
    expect(isTabsUseIsBrowser({request: '@docusaurus/useIsBrowser', contextInfo: {issuer: tabs}})).toBe(true);
    expect(isTabsUseIsBrowser({request: '@docusaurus/useIsBrowser', contextInfo: {issuer: '/repo/node_modules/@docusaurus/theme-classic/lib/theme/CodeBlock/index.js'}})).toBe(false);
    expect(isTabsUseIsBrowser({request: '@docusaurus/useIsBrowser', contextInfo: {issuer: '/repo/website/src/theme/Tabs/index.tsx'}})).toBe(false);
    expect(isTabsUseIsBrowser({request: 'react', contextInfo: {issuer: tabs}})).toBe(false);
    expect(isTabsUseIsBrowser({request: '@docusaurus/useIsBrowser'})).toBe(false);
  });
});
