import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {isTabsUseIsBrowser} from './index';

const require = createRequire(import.meta.url);
// The installed theme's Tabs, found as the bundler finds it: a Docusaurus upgrade that moves it fails this test.
const TABS = require.resolve('@docusaurus/theme-classic/lib/theme/Tabs/index.js');
const CODE_BLOCK = require.resolve('@docusaurus/theme-classic/lib/theme/CodeBlock/index.js');

describe('isTabsUseIsBrowser', () => {
  it("matches the installed theme's Tabs, which imports useIsBrowser under the name the swap waits for", () => {
    expect(readFileSync(TABS, 'utf8')).toMatch(/import useIsBrowser from '@docusaurus\/useIsBrowser';/);
    expect(isTabsUseIsBrowser({request: '@docusaurus/useIsBrowser', contextInfo: {issuer: TABS}})).toBe(true);
  });

  it("leaves every other importer's useIsBrowser, and Tabs' other imports, alone", () => {
    expect(readFileSync(CODE_BLOCK, 'utf8')).toContain('@docusaurus/useIsBrowser');
    expect(isTabsUseIsBrowser({request: '@docusaurus/useIsBrowser', contextInfo: {issuer: CODE_BLOCK}})).toBe(false);
    expect(isTabsUseIsBrowser({request: '@docusaurus/useIsBrowser', contextInfo: {issuer: require.resolve('../../src/theme/MDXComponents.tsx')}})).toBe(false);
    expect(isTabsUseIsBrowser({request: 'react', contextInfo: {issuer: TABS}})).toBe(false);
    expect(isTabsUseIsBrowser({request: '@docusaurus/useIsBrowser'})).toBe(false);
  });
});
