import {describe, expect, it} from 'vitest';
import {moduleSwap, type ModuleRequest} from './module-swap';

/** A bundler stand-in that keeps what the plugin gave its module replacement. */
function configure(plugin: ReturnType<typeof moduleSwap>, isServer: boolean) {
  const made: {pattern: RegExp; swap: (resource: ModuleRequest) => void}[] = [];
  class NormalModuleReplacementPlugin {
    constructor(pattern: RegExp, swap: (resource: ModuleRequest) => void) {
      made.push({pattern, swap});
    }
  }
  // Only the parts configureWebpack reads are given (the real arguments are the bundler's whole configuration).
  const utils = {currentBundler: {instance: {NormalModuleReplacementPlugin}}} as unknown as Parameters<NonNullable<typeof plugin.configureWebpack>>[2];
  const result = plugin.configureWebpack!({} as never, isServer, utils, {} as never);
  return {result, made};
}
const postBuild = (plugin: ReturnType<typeof moduleSwap>) => plugin.postBuild!({} as never);

describe('moduleSwap', () => {
  const make = (clientOnly = false) =>
    moduleSwap({name: 'swap-test', request: /^thing$/, replacement: '/site/ours.ts', applies: (resource) => resource.context === '/lib', clientOnly});

  it('replaces the requests it applies to, and leaves the others', () => {
    const {made} = configure(make(), false);
    expect(made).toHaveLength(1);
    const picked = {request: 'thing', context: '/lib'};
    const other = {request: 'thing', context: '/elsewhere'};
    made[0]!.swap(picked);
    made[0]!.swap(other);
    expect(picked.request).toBe('/site/ours.ts');
    expect(other.request).toBe('thing');
  });

  it('leaves the server build alone when the swap is for the browser only', () => {
    expect(configure(make(true), true).made).toHaveLength(0);
    expect(configure(make(true), false).made).toHaveLength(1);
    expect(configure(make(), true).made).toHaveLength(1);
  });

  it('fails the build when a build it was given to replaced nothing, naming that build', async () => {
    const plugin = make();
    const client = configure(plugin, false).made[0]!;
    configure(plugin, true);
    client.swap({request: 'thing', context: '/lib'});
    await expect(postBuild(plugin)).rejects.toThrow(/swap-test: no import matched \/\^thing\$\/ in the server build, so \/site\/ours\.ts was not used/);
  });

  it('passes when every build it was given to replaced an import', async () => {
    const plugin = make(true);
    configure(plugin, true);
    const client = configure(plugin, false).made[0]!;
    client.swap({request: 'thing', context: '/elsewhere'});
    await expect(postBuild(plugin)).rejects.toThrow(/in the client build/);
    client.swap({request: 'thing', context: '/lib'});
    await expect(postBuild(plugin)).resolves.toBeUndefined();
  });
});
