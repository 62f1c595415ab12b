import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bundledJsonPath, bundledYamlPath, loadDoc } from './spec-fixture.test-util.js';

/** Every `$ref` value anywhere under `value`. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refsIn(item, found);
    }
  }
  return found;
}

/**
 * Components of `doc` that nothing outside `components` reaches, following `$ref`s transitively, so a component
 * used only by an unused one counts as unused too. Security schemes are used by name in `security`.
 */
function unreachableComponents(doc: Record<string, unknown>): string[] {
  const { components, ...rest } = doc as { components: Record<string, Record<string, unknown>> };
  const pointer = (ref: string): unknown =>
    ref.slice(2).split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
  const reached = new Set<string>();
  const queue = refsIn(rest);
  for (let ref = queue.pop(); ref !== undefined; ref = queue.pop()) {
    if (reached.has(ref)) continue;
    reached.add(ref);
    refsIn(pointer(ref), queue);
  }
  return Object.entries(components)
    .filter(([group]) => group !== 'securitySchemes')
    .flatMap(([group, entries]) => Object.keys(entries).map((name) => `#/components/${group}/${name}`))
    .filter((ref) => !reached.has(ref));
}

describe('bundled output', () => {
  it('has the same document in dist/openapi.yaml and dist/openapi.json', () => {
    expect(parse(readFileSync(bundledYamlPath, 'utf8'))).toEqual(loadDoc());
  });

  it('contains no external references (everything is inlined into components)', () => {
    const text = readFileSync(bundledJsonPath, 'utf8');
    const refs = [...text.matchAll(/"\$ref":\s*"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => !r.startsWith('#/'))).toEqual([]);
  });

  it('was copied to the website for /api/openapi.json and /api/openapi.yaml', () => {
    const site = fileURLToPath(new URL('../../../website/static/api/', import.meta.url));
    for (const file of ['openapi.json', 'openapi.yaml']) {
      expect(existsSync(site + file), file).toBe(true);
    }
    expect(readFileSync(site + 'openapi.json', 'utf8')).toBe(readFileSync(bundledJsonPath, 'utf8'));
  });

  it('carries no component that only unused components refer to', () => {
    const doc = JSON.parse(readFileSync(bundledJsonPath, 'utf8')) as Record<string, unknown>;
    expect(unreachableComponents(doc)).toEqual([]);
  });

  it('finds a component reachable only through an unused one (the check above can fail)', () => {
    const doc = JSON.parse(readFileSync(bundledJsonPath, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    doc.components.schemas['OldParams'] = { type: 'object', properties: { inner: { $ref: '#/components/schemas/OldInner' } } };
    doc.components.schemas['OldInner'] = { type: 'string' };
    expect(unreachableComponents(doc)).toEqual(['#/components/schemas/OldParams', '#/components/schemas/OldInner']);
  });
});
