import {describe, expect, it} from 'vitest';
import type {Plugin} from '@docusaurus/types';
import {inOrder} from './inOrder';

type Props = Parameters<NonNullable<Plugin['postBuild']>>[0];

describe('inOrder', () => {
  it('runs each post-build step after the previous one has finished', async () => {
    const log: string[] = [];
    const slow: Plugin = {
      name: 'slow',
      async postBuild() {
        await new Promise((r) => setTimeout(r, 20));
        log.push('slow');
      },
    };
    const fast: Plugin = {name: 'fast', postBuild: async () => void log.push('fast')};
    // The steps here read nothing of Docusaurus's props.
    await inOrder('both', slow, null, fast).postBuild!({} as Props);
    expect(log).toEqual(['slow', 'fast']);
  });

  it('refuses a plugin with other hooks, which the combined plugin would lose', () => {
    expect(() => inOrder('x', {name: 'content', loadContent: async () => 1})).toThrow(/content has hooks besides postBuild \(loadContent\)/);
  });
});
