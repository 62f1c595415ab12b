// fast-check arbitraries for request bodies: valid ones generated from an operation's request schema
// in the document (by hand, for the keywords the document uses), and invalid ones made by breaking an
// example field by field or by sending something that is not a body at all.
import fc from 'fast-check';
import { doc } from './harness.test-util.js';

type Schema = Record<string, unknown>;

export interface Hints {
  /** IDs that name real records, so that generated bodies reach past NOT_FOUND. */
  ids: string[];
  organizationId: string;
  /** Policy expressions (conditions and consensus). */
  expression: fc.Arbitrary<string>;
}

function resolve(pointer: string): Schema {
  const parts = pointer.replace(/^#\//, '').split('/').map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = doc;
  for (const part of parts) node = (node as Record<string, unknown>)[part];
  if (!node || typeof node !== 'object') throw new Error(`no schema at ${pointer}`);
  return node as Schema;
}

const EXPRESSION_FIELDS = new Set(['condition', 'consensus', 'policyCondition', 'policyConsensus']);

/** Values that satisfy `schema` (most of the time: patterns and formats are honoured, cross-field rules are not). */
export function fromSchema(schema: Schema, hints: Hints, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (typeof schema.$ref === 'string') return fromSchema(resolve(schema.$ref), hints, name, depth);
  if (name === 'organizationId') return fc.constant(hints.organizationId);
  if (EXPRESSION_FIELDS.has(name)) return hints.expression;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const type = types.find((candidate) => candidate !== 'null') ?? 'null';
  switch (type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.oneof({ arbitrary: fc.constantFrom(...hints.ids), weight: 3 }, { arbitrary: fc.uuid(), weight: 1 });
      // Simple shapes on purpose: fc.emailAddress() and fc.webUrl() take seconds to warm up on a loaded machine.
      if (schema.format === 'email') return fc.stringMatching(/^[a-z0-9][a-z0-9.+-]{0,12}@[a-z]{1,10}\.example$/);
      if (schema.format === 'uri') return fc.stringMatching(/^https:\/\/[a-z]{1,10}\.example\/[a-z0-9%?=&]{0,16}$/);
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? minLength + 24, minLength + 64);
      if (typeof schema.pattern === 'string') {
        const pattern = new RegExp(schema.pattern);
        return fc.stringMatching(pattern).filter((text) => text.length >= minLength && text.length <= ((schema.maxLength as number | undefined) ?? Infinity));
      }
      return fc.string({ minLength, maxLength });
    }
    case 'integer':
      return fc.integer({ min: (schema.minimum as number | undefined) ?? -5, max: (schema.maximum as number | undefined) ?? 200 });
    case 'number':
      return fc.double({ min: (schema.minimum as number | undefined) ?? -5, max: (schema.maximum as number | undefined) ?? 200, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? minLength + 2, minLength + 2);
      return fc.array(fromSchema((schema.items as Schema | undefined) ?? {}, hints, '', depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const keys = Object.keys(properties).filter((key) => required.has(key) || depth < 5);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const key of keys) record[key] = fromSchema(properties[key]!, hints, key, depth + 1);
      return fc.record(record, { requiredKeys: keys.filter((key) => required.has(key)) });
    }
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

export function requestArbitrary(requestSchema: string, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  return fromSchema(resolve(requestSchema), hints) as fc.Arbitrary<Record<string, unknown>>;
}

// ---------------------------------------------------------------------------------------------------
// Breaking bodies

type Path = Array<string | number>;

/** Every path to a value inside `value` (objects and arrays), the root excluded. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  return [];
}

function edit(value: unknown, path: Path, change: (parent: Record<string | number, unknown>, key: string | number) => void): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path.at(-1)!);
  return copy;
}

/** Placeholder swapped for raw JSON text after serialization (deep nesting cannot go through JSON.stringify). */
const RAW = '__sigil_raw_json__';
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/**
 * A body text that breaks `base` (a valid body): a field of the wrong type, a missing field, an unknown
 * field, a huge string, deep nesting, or something that is not a body at all.
 */
export function brokenBodyArbitrary(base: Record<string, unknown>): fc.Arbitrary<string> {
  const paths = pathsOf(base);
  const path = fc.constantFrom(...paths);
  const size = fc.constantFrom(1_000, 100_000, 1_048_000, 1_100_000);
  const depth = fc.constantFrom(100, 5_000, 100_000);
  // Inside parameters the value would become the activity's intent (stored, fingerprinted, answered), so bodies
  // past x-limits request-body-max-depth must be refused before any of that recursion runs.
  const depthInParameters = fc.constantFrom(100, 5_000, 100_000);
  const wrongValue = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(null, true, 0, -1, 1e308, '', [], {}, 'x'));
  return fc.oneof(
    // A field replaced by a value of another type.
    fc.tuple(path, wrongValue).map(([at, value]) => JSON.stringify(edit(base, at, (parent, key) => (parent[key] = value)))),
    // A field removed.
    path.map((at) => JSON.stringify(edit(base, at, (parent, key) => (Array.isArray(parent) ? parent.splice(Number(key), 1) : delete parent[key])))),
    // An unknown field, at the top or inside parameters.
    fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), wrongValue, fc.boolean()).map(([key, value, inside]) =>
      JSON.stringify(inside && base.parameters && typeof base.parameters === 'object' ? { ...base, parameters: { ...(base.parameters as object), [key]: value } } : { ...base, [key]: value }),
    ),
    // A huge string in a field or in an unknown field.
    fc.tuple(path, size).map(([at, length]) => JSON.stringify(edit(base, at, (parent, key) => (parent[key] = 'x'.repeat(length))))),
    fc.tuple(size, fc.boolean()).map(([length, inside]) =>
      JSON.stringify(inside && base.parameters ? { ...base, parameters: { ...(base.parameters as object), note: 'é'.repeat(length / 2) } } : { ...base, note: 'x'.repeat(length) }),
    ),
    // Deep nesting in an unknown field, in parameters, or as the whole body.
    fc.tuple(depth, fc.constantFrom('top', 'field', 'whole')).map(([levels, where]) => {
      if (where === 'whole') return nested(levels);
      if (where === 'field' && paths.length) return JSON.stringify(edit(base, paths[0]!, (parent, key) => (parent[key] = RAW))).replace(`"${RAW}"`, nested(levels));
      return JSON.stringify({ ...base, deep: RAW }).replace(`"${RAW}"`, nested(levels));
    }),
    depthInParameters.map((levels) =>
      JSON.stringify(base.parameters ? { ...base, parameters: { ...(base.parameters as object), deep: RAW } } : { ...base, deep: RAW }).replace(`"${RAW}"`, nested(levels)),
    ),
    // Not a body: random JSON, random text, random bytes.
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 300 }).map((bytes) => new TextDecoder().decode(bytes)),
    fc.constantFrom('', '{', '{}', '[]', 'null', '"text"', '{"organizationId":', '\u0000', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"x":1}}}'),
  );
}

/** The worst cases named in issue 18, each sent to every policy operation. */
export const PATHOLOGICAL_CASES: Array<{ label: string; expression: string }> = [
  { label: '!x5000', expression: `${'!'.repeat(5_000)}true` },
  { label: '(x20000) balanced', expression: `${'('.repeat(20_000)}true${')'.repeat(20_000)}` },
  { label: '(x20000) unbalanced', expression: '('.repeat(20_000) },
  { label: '10,000-term && chain', expression: Array.from({ length: 10_000 }, () => 'true').join(' && ') },
  { label: '10,000-term || chain of comparisons', expression: Array.from({ length: 10_000 }, (_, i) => `user.id == '${i}'`).join(' || ') },
  { label: '1 MB string literal', expression: `user.name == '${'a'.repeat(1_000_000)}'` },
  { label: '1 MB identifier', expression: 'a'.repeat(1_000_000) },
];

/** Pathological policy expressions of generated sizes: each must be refused with INVALID_ARGUMENT without stalling the emulator. */
export const PATHOLOGICAL_EXPRESSIONS: fc.Arbitrary<{ label: string; expression: string }> = fc.oneof(
  fc.integer({ min: 33, max: 5_000 }).map((n) => ({ label: `!x${n}`, expression: `${'!'.repeat(n)}true` })),
  fc.integer({ min: 33, max: 20_000 }).map((n) => ({ label: `(x${n}) balanced`, expression: `${'('.repeat(n)}true${')'.repeat(n)}` })),
  fc.integer({ min: 1_100, max: 12_000 }).map((n) => ({ label: `${n}-term && chain`, expression: Array.from({ length: n }, () => 'true').join(' && ') })),
  fc.integer({ min: 33, max: 2_000 }).map((n) => ({ label: `nested calls x${n}`, expression: `${'approvers.any(u, '.repeat(n)}true${')'.repeat(n)}` })),
  fc.integer({ min: 33, max: 3_000 }).map((n) => ({ label: `nested lists x${n}`, expression: `user.id in ${'['.repeat(n)}'a'${']'.repeat(n)}` })),
  fc.integer({ min: 33, max: 5_000 }).map((n) => ({ label: `-x${n}`, expression: `${'-'.repeat(n)}1 == 1` })),
  fc.integer({ min: 4_097, max: 1_000_000 }).map((n) => ({ label: `${n}-character literal`, expression: `user.name == '${'b'.repeat(n)}'` })),
);
