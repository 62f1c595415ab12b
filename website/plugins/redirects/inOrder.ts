import type {Plugin} from '@docusaurus/types';

/**
 * One plugin that runs the post-build steps of several, one after the other.
 * Docusaurus runs every plugin's `postBuild` at the same time; a step that
 * reads every built page (the security headers hash each page's inline
 * scripts) must see the pages another step writes (the redirect pages).
 * Only plugins with nothing but a name and `postBuild` can be combined: any
 * other hook would be silently lost.
 */
export function inOrder(name: string, ...plugins: Array<Plugin | null>): Plugin {
  const steps = plugins.filter((p): p is Plugin => p !== null);
  for (const plugin of steps) {
    const others = Object.keys(plugin).filter((k) => k !== 'name' && k !== 'postBuild');
    if (others.length > 0) throw new Error(`inOrder: ${plugin.name} has hooks besides postBuild (${others.join(', ')})`);
  }
  return {
    name,
    async postBuild(props) {
      for (const plugin of steps) await plugin.postBuild?.(props);
    },
  };
}
