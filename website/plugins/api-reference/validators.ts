import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import addFormats from 'ajv-formats';
import {_} from 'ajv';
import {refName, type SchemaObject, type SchemaRegistry} from './openapi';

/**
 * Request validators for the request builder, compiled at build time with Ajv's standalone
 * code generation: the browser gets one small plain-JS module per operation and never the
 * Ajv compiler. Each module is CommonJS (`module.exports = validate`), as Ajv emits it.
 */

/** Keywords that only document; the validators do not need them (and they would bloat the code). */
const ANNOTATIONS = new Set(['description', 'example', 'examples', 'title', 'default', 'deprecated', 'readOnly', 'writeOnly']);

function stripAnnotations(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripAnnotations);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'properties' && child && typeof child === 'object') {
        // Property names are data, not keywords: keep them all (a property may be called "description").
        out[key] = Object.fromEntries(Object.entries(child).map(([name, s]) => [name, stripAnnotations(s)]));
      } else if (!ANNOTATIONS.has(key) && !key.startsWith('x-')) {
        out[key] = key === 'enum' || key === 'const' || key === 'required' ? child : stripAnnotations(child);
      }
    }
    if (typeof out.$ref === 'string') out.$ref = out.$ref.replace('#/components/schemas/', '#/$defs/');
    // The builder names fields the schema does not have (a misspelt `walletNam` is "an unknown field", not only a
    // missing `walletName`). The document has no allOf/oneOf/anyOf, so closing each object is exact.
    if (out.properties && typeof out.properties === 'object' && !('additionalProperties' in out)) out.additionalProperties = false;
    return out;
  }
  return value;
}

/** A self-contained JSON Schema (2020-12) for one named schema: it and everything it refers to under `$defs`. */
export function standaloneSchema(registry: SchemaRegistry, rootName: string): SchemaObject & {$defs: Record<string, unknown>} {
  const reachable = new Set<string>();
  const visit = (name: string): void => {
    if (reachable.has(name)) return;
    reachable.add(name);
    for (const ref of registry.directRefs(registry.get(name))) visit(ref);
  };
  visit(rootName);
  const $defs: Record<string, unknown> = {};
  for (const name of [...reachable].sort()) $defs[name] = stripAnnotations(registry.get(name));
  return {$ref: `#/$defs/${rootName}`, $defs};
}

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    code: {
      source: true,
      // Format checks that are functions (not regular expressions) are imported from ajv-formats at runtime.
      formats: _`require("ajv-formats/dist/formats").fullFormats`,
    },
  });
  addFormats(ajv);
  // OpenAPI's numeric formats; the ranges that matter are stated with minimum/maximum.
  for (const format of ['int32', 'int64', 'uint64', 'float', 'double']) ajv.addFormat(format, true);
  return ajv;
}

/**
 * The CommonJS source of a validator for the named request schema. The validator carries the
 * schema it checks as `validate.schema`: the builder's form view draws its controls from it.
 */
export function validatorModuleSource(registry: SchemaRegistry, requestSchemaName: string): string {
  const ajv = newAjv();
  const schema = standaloneSchema(registry, requestSchemaName);
  const validate = ajv.compile(schema);
  return [
    `// Generated at build time from the OpenAPI document (${requestSchemaName}). Do not edit.`,
    standaloneCode(ajv, validate),
    `module.exports.schema = ${JSON.stringify(schema)};`,
    '',
  ].join('\n');
}

/** The request-timestamp window of the document's root `x-limits`, in milliseconds. */
export interface TimestampLimits {
  maxAgeMs: number;
  maxSkewMs: number;
}

/** Reads `request-timestamp-max-age` and `-max-skew` (seconds) from the document; fails the build when absent. */
export function timestampLimits(limits: ReadonlyArray<{id: string; value: unknown}> | undefined): TimestampLimits {
  const seconds = (id: string): number => {
    const value = limits?.find((l) => l.id === id)?.value;
    if (typeof value !== 'number' || !(value > 0)) throw new Error(`The API document's x-limits has no positive ${id}: the request builder needs it`);
    return value;
  };
  return {maxAgeMs: seconds('request-timestamp-max-age') * 1000, maxSkewMs: seconds('request-timestamp-max-skew') * 1000};
}

/** The name of the request body schema of an operation with a JSON body. */
export function requestSchemaName(requestSchema: SchemaObject | undefined): string | undefined {
  return refName(requestSchema?.$ref);
}

/** The index module: operationId -> () => import(validator), so each validator is its own chunk; and the timestamp window. */
export function validatorIndexSource(operationIds: string[], limits: TimestampLimits): string {
  const lines = operationIds.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`./${id}.js`)}),`);
  return [
    '// Generated at build time. Loaded only by the request builder.',
    `export const validators = {\n${lines.join('\n')}\n};`,
    `export const timestampLimits = ${JSON.stringify(limits)};`,
    '',
  ].join('\n');
}

/** Writes each operation's validator module (`<operationId>.js`) and the index into `dir`. */
export async function writeValidators(dir: string, sources: {operationId: string; source: string}[], limits: TimestampLimits): Promise<void> {
  await mkdir(dir, {recursive: true});
  await Promise.all(sources.map(({operationId, source}) => writeFile(path.join(dir, `${operationId}.js`), source)));
  await writeFile(path.join(dir, 'index.js'), validatorIndexSource(sources.map((s) => s.operationId), limits));
}
