/**
 * Rspack's persistent cache keys a loader's output by its input, not by the
 * loader's code: a plugin whose loader transforms modules names its own files
 * as build dependencies, so a change to them evicts the cache instead of a
 * rebuild keeping the previous transform's output. Nothing when the build has
 * no persistent cache.
 */
export function loaderCacheDependencies(config: {experiments?: unknown}, ownFiles: string[]): {experiments?: {cache: {buildDependencies: string[]}}} {
  const cache = (config.experiments as {cache?: unknown} | undefined)?.cache;
  return typeof cache === 'object' && cache !== null ? {experiments: {cache: {buildDependencies: ownFiles}}} : {};
}
