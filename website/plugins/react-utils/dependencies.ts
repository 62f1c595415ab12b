/** An object's entries in a fixed order of their keys (by code unit), flattened: the memo's dependencies. */
export function shallowMemoDependencies(object: object): unknown[] {
  return Object.entries(object)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flat();
}
