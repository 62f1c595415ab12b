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

describe('moduleSwap', () => {
  const plugin = moduleSwap({
    name: 'swap-test',
    request: /^thing$/,
    replacement: '/site/ours.ts',
    applies: (resource) => resource.context === '/lib',
  });

  it('replaces the requests it applies to, and leaves the others', () => {
    const {made} = configure(plugin, false);
    expect(made).toHaveLength(1);
    const picked = {request: 'thing', context: '/lib'};
    const other = {request: 'thing', context: '/elsewhere'};
    made[0]!.swap(picked);
    made[0]!.swap(other);
    expect(picked.request).toBe('/site/ours.ts');
    expect(other.request).toBe('thing');
  });

  it('leaves the server build alone when the swap is for the browser only', () => {
    const clientOnly = moduleSwap({name: 'swap-test', request: /^thing$/, replacement: '/site/ours.ts', clientOnly: true});
    expect(configure(clientOnly, true).made).toHaveLength(0);
    expect(configure(clientOnly, false).made).toHaveLength(1);
    expect(configure(plugin, true).made).toHaveLength(1);
  });
});
