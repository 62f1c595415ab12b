/** Each doc's outcome (its file → the reason it keeps its whole module, or null when split), for index.ts's report. */
export function decisions(): Map<string, string | null> {
  // One map for the process: the bundler loads this module through loader.cjs, the site config through its own loader.
  const key = Symbol.for('sigil-article-on-demand.decisions');
  const global = globalThis as unknown as Record<symbol, Map<string, string | null> | undefined>;
  return (global[key] ??= new Map());
}
