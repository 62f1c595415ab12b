import {describe, expect, it, vi} from 'vitest';
import {loadSectionsOf, pendingSections, sectionsLoaded, tableVersion, withSections} from './client';

type R = {path: string; routes?: R[]};

/** A table with the docs layout kept and one page of `concepts` out, as the client's routes.js hands it over. */
function register(load: () => Promise<{default: [number, number, R][]}>) {
  const docs: R[] = [{path: '/'}];
  const routes: R[] = [{path: '/', routes: docs}, {path: '*'}];
  withSections(routes, [[1, 2], [0]], {concepts: load, 'api/users': () => Promise.resolve({default: []})});
  return {routes, docs};
}

describe('the browser’s route table, grown by section', () => {
  it('loads an address’s section once, puts its routes at their places, and says so', async () => {
    const load = vi.fn(() => Promise.resolve({default: [[1, 1, {path: '/concepts/wallets'}]] as [number, number, R][]}));
    const {docs} = register(load);
    const before = tableVersion();
    expect(sectionsLoaded(['/concepts/wallets'])).toBe(false);
    expect(pendingSections(['/Concepts/Wallets/', '/nowhere', '/api/users/me', '/api/other'])).toEqual(['concepts', 'api/users']);
    await Promise.all([loadSectionsOf(['/concepts/wallets']), loadSectionsOf(['/concepts/users'])]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(docs.map((r) => r.path)).toEqual(['/', '/concepts/wallets']);
    expect(sectionsLoaded(['/concepts/wallets'])).toBe(true);
    expect(tableVersion()).toBeGreaterThan(before);
    // An address without a section of its own has nothing to wait for.
    await expect(loadSectionsOf(['/nowhere/at/all'])).resolves.toBeUndefined();
  });

  it('tries a section again after its file failed to load', async () => {
    const load = vi
      .fn<() => Promise<{default: [number, number, R][]}>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({default: [[1, 1, {path: '/concepts/wallets'}]]});
    const {docs} = register(load);
    await expect(loadSectionsOf(['/concepts/wallets'])).rejects.toThrow('offline');
    expect(sectionsLoaded(['/concepts/wallets'])).toBe(false);
    await loadSectionsOf(['/concepts/wallets']);
    expect(docs.map((r) => r.path)).toEqual(['/', '/concepts/wallets']);
  });

  it('refuses positions that do not fit the table', () => {
    expect(() => withSections([{path: '/', routes: []}], [[0]], {})).toThrow(/2 lists, its positions 1/);
  });
});
