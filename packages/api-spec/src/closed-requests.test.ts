// Request bodies are closed: every object schema a request can hold says `additionalProperties: false`, so
// the emulator (and Sigil) refuse an unknown field instead of storing it. scripts/close-request-schemas.mjs
// writes the keyword; this test fails when a request schema is added without running it.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDoc, packageRoot } from './spec-fixture.test-util.js';

type Schema = Record<string, unknown>;

/** Every object schema reachable from `schema`, with the JSON pointer it was reached by. */
function objectSchemas(doc: Record<string, unknown>, schema: Schema, at: string, seen = new Set<Schema>()): Array<[string, Schema]> {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], doc) as Schema;
    return objectSchemas(doc, target, ref, seen);
  }
  const found: Array<[string, Schema]> = schema.type === 'object' ? [[at, schema]] : [];
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) found.push(...objectSchemas(doc, child, `${at}/properties/${name}`, seen));
  if (schema.items && typeof schema.items === 'object') found.push(...objectSchemas(doc, schema.items as Schema, `${at}/items`, seen));
  return found;
}

describe('closed request schemas', () => {
  const doc = loadDoc() as unknown as Record<string, unknown> & { paths: Record<string, { post: { requestBody: { content: Record<string, { schema: Schema }> } } }> };
  const reached = Object.values(doc.paths).flatMap(({ post }) => objectSchemas(doc, post.requestBody.content['application/json']!.schema, 'requestBody'));

  it('every object a request body can hold refuses fields it does not define', () => {
    expect(reached.length).toBeGreaterThan(100);
    expect(reached.filter(([, schema]) => schema.additionalProperties !== false).map(([at]) => at)).toEqual([]);
  });

  it('the generator finds nothing left to close', () => {
    const output = execFileSync(process.execPath, [join(packageRoot, 'scripts/close-request-schemas.mjs'), '--check'], { encoding: 'utf8' });
    expect(output.trim()).toBe('0 request schemas are open');
  });
});
