// `x-search-aliases` on operations: the plain-language names readers type for
// an operation ("who am I" for whoami). The docs site's search index reads
// them; these checks keep them unambiguous.
import { describe, expect, it } from 'vitest';
import { loadDoc } from './spec-fixture.test-util.js';

/** What the site's search compares: letters and digits only, lower case ("Who am I?" = "whoami"). */
const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

describe('x-search-aliases', () => {
  const doc = loadDoc();
  const ops = Object.entries(doc.paths).map(([path, item]) => ({ name: path.split('/').pop()!, op: item.post }));

  it('every operation has one to four short, lower-case aliases', () => {
    for (const { name, op } of ops) {
      const aliases = op['x-search-aliases'] as unknown;
      expect(Array.isArray(aliases), name).toBe(true);
      const list = aliases as unknown[];
      expect(list.length, name).toBeGreaterThanOrEqual(1);
      expect(list.length, name).toBeLessThanOrEqual(4);
      for (const alias of list) {
        expect(typeof alias, name).toBe('string');
        expect(alias, name).toMatch(/^[a-z0-9][a-z0-9 -]{1,40}$/);
      }
    }
  });

  it('no alias repeats its own title or names another operation, and none is shared', () => {
    const owner = new Map<string, string>();
    for (const { name, op } of ops) {
      owner.set(squash(name), name);
      owner.set(squash(op.operationId), name);
      owner.set(squash(op.summary), name);
    }
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { name, op } of ops) {
      for (const alias of op['x-search-aliases'] as string[]) {
        const key = squash(alias);
        // Its own name in words ("who am i" for whoami) is welcome: readers type it so.
        const other = owner.get(key);
        if (other && other !== name) problems.push(`${name}: "${alias}" is the name or title of ${other}`);
        if (alias === op.summary.toLowerCase()) problems.push(`${name}: "${alias}" repeats its title`);
        if (seen.has(key)) problems.push(`${name}: "${alias}" is also an alias of ${seen.get(key)}`);
        seen.set(key, name);
      }
    }
    expect(problems).toEqual([]);
  });
});
