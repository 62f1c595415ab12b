import {describe, expect, it} from 'vitest';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import clientData, {UTILS_COMMON_DIR} from './index';

const generated = path.join(path.sep, 'site', '.docusaurus');
const navbar = {items: [{type: 'doc', docId: 'overview'}, {type: 'dropdown', items: [{type: 'doc', docId: 'sdks/introduction'}, {to: '/x'}]}, {type: 'search'}]};
const plugin = clientData({generatedFilesDir: generated, siteConfig: {themeConfig: {navbar}}} as unknown as LoadContext);
class Replacement {
  constructor(
    readonly pattern: RegExp,
    readonly swap: (resource: {request: string; context: string}) => void,
  ) {}
}
const utils = {currentBundler: {name: 'rspack', instance: {NormalModuleReplacementPlugin: Replacement}}};

type Configured = {
  module?: {rules: {test: RegExp; enforce: string; use: {options?: {keepDocIds?: string[]}}[]}[]};
  plugins?: Replacement[];
  experiments?: {cache: {buildDependencies: string[]}};
};
// Only the parts of Docusaurus's arguments the plugin reads.
const configure = (config: object, isServer: boolean) =>
  (plugin.configureWebpack as unknown as (c: object, s: boolean, u: typeof utils) => Configured)(config, isServer, utils);

describe('the client-data plugin', () => {
  it('leaves the server compilation alone', () => {
    expect(configure({}, true)).toEqual({});
  });

  it('runs its loader first on the registry, the route table and its chunk names, the global data and the docs plugins’ route props only', () => {
    const [rule] = configure({}, false).module!.rules;
    expect(rule!.enforce).toBe('pre');
    const picks = (file: string) => rule!.test.test(file);
    expect(picks(path.join(generated, 'registry.js'))).toBe(true);
    expect(picks(path.join(generated, 'docusaurus-plugin-content-docs', 'default', 'p', 'index-466.json'))).toBe(true);
    expect(picks(path.join(generated, 'routes.js'))).toBe(true);
    expect(picks(path.join(generated, 'routesChunkNames.json'))).toBe(true);
    expect(picks(path.join(generated, 'routes.js.map'))).toBe(false);
    expect(picks(path.join(generated, 'globalData.json'))).toBe(true);
    expect(picks(path.join(generated, 'site-metadata.json'))).toBe(false);
    expect(picks(path.join(generated, 'docusaurus-plugin-content-docs', 'default', 'site-docs-a-mdx-123.json'))).toBe(false);
    expect(picks(path.join(generated, 'docusaurus-plugin-content-blog', 'changelog', 'p', 'index-1.json'))).toBe(false);
    expect(picks(path.join(path.sep, 'other', '.docusaurus', 'registry.js'))).toBe(false);
  });

  it('tells its loader the docs the navbar names, at any depth', () => {
    const [rule] = configure({}, false).module!.rules;
    expect(rule!.use[0]!.options).toEqual({keepDocIds: ['overview', 'sdks/introduction']});
  });

  it('swaps tslib for its one helper inside @docusaurus/utils-common only', () => {
    const [replacement] = configure({}, false).plugins!;
    expect(replacement!.pattern.test('tslib')).toBe(true);
    const inside = {request: 'tslib', context: path.join(path.sep, 'repo', 'node_modules', '@docusaurus', 'utils-common', 'lib')};
    const elsewhere = {request: 'tslib', context: path.join(path.sep, 'repo', 'node_modules', 'some-package', 'lib')};
    replacement!.swap(inside);
    replacement!.swap(elsewhere);
    expect(inside.request).toMatch(/tslib-helpers\.ts$/);
    expect(elsewhere.request).toBe('tslib');
    expect(UTILS_COMMON_DIR.test(inside.context)).toBe(true);
  });

  it('makes its own files evict the persistent cache, when there is one', () => {
    expect(configure({experiments: {cache: {type: 'persistent'}}}, false).experiments!.cache.buildDependencies).toContain(path.join(__dirname, 'loader.ts'));
    expect(configure({}, false).experiments).toBeUndefined();
  });
});
