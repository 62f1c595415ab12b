import type { ContextField } from './context-fields.js';
import { CONTEXT_FIELDS, contextField, childFields } from './context-fields.js';
import { PolicyError } from './errors.js';
import { activityTypeInfo } from './activities.js';

/** A run-time value. Integers are bigint; `undefined` never appears: missing fields are simply absent. */
export type Value = string | bigint | number | boolean | null | Value[] | { [key: string]: Value };

export type Context = Record<string, Value>;

/**
 * What callers pass as the request context: plain JSON is fine. Integer fields (e.g. `eth.tx.value`)
 * may be given as a bigint, a safe-integer number, a decimal string or a 0x-hex string.
 */
export type ContextInput = Record<string, unknown>;

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

function toInteger(v: unknown, path: string): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return BigInt(v);
    throw new PolicyError('CONTEXT', `\`${path}\` must be an integer; ${v} is not a safe integer (give large values as a string).`);
  }
  if (typeof v === 'string' && /^(-?[0-9]+|0x[0-9a-fA-F]+)$/.test(v)) return BigInt(v);
  throw new PolicyError('CONTEXT', `\`${path}\` must be an integer (number, decimal string or 0x hex), not ${typeName(v)}.`);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function convert(v: unknown, field: ContextField, schemaPath: string, shownPath: string): Value {
  if (v === null) return null;
  switch (field.type) {
    case 'string':
      if (typeof v !== 'string') throw new PolicyError('CONTEXT', `\`${shownPath}\` must be a string, not ${typeName(v)}.`);
      return v;
    case 'integer':
      return toInteger(v, shownPath);
    case 'boolean':
      if (typeof v !== 'boolean') throw new PolicyError('CONTEXT', `\`${shownPath}\` must be true or false, not ${typeName(v)}.`);
      return v;
    case 'object':
      return convertObject(v, schemaPath, shownPath);
    case 'list<string>':
    case 'list<integer>':
    case 'list<object>': {
      if (!Array.isArray(v)) throw new PolicyError('CONTEXT', `\`${shownPath}\` must be a list, not ${typeName(v)}.`);
      const elemType = field.type.slice(5, -1) as 'string' | 'integer' | 'object';
      const elemField: ContextField = { ...field, path: `${schemaPath}[]`, type: elemType };
      return v.map((item, i) => convert(item, elemField, `${schemaPath}[]`, `${shownPath}[${i}]`));
    }
  }
}

function convertObject(v: unknown, schemaPath: string, shownPath: string): Value {
  if (!isPlainObject(v)) throw new PolicyError('CONTEXT', `\`${shownPath}\` must be an object, not ${typeName(v)}.`);
  const out: Record<string, Value> = {};
  for (const name of childFields(schemaPath)) {
    const child = contextField(`${schemaPath}.${name}`);
    if (!child || v[name] === undefined) continue;
    out[name] = convert(v[name], child, child.path, `${shownPath}.${name}`);
  }
  return out;
}

/** Lists that are always known for a request: nobody approved yet and no credential means an empty list. */
const DEFAULT_EMPTY_LISTS = ['approvers', 'credentials'];

/**
 * Converts a JSON-ish request context into run-time values following CONTEXT_FIELDS.
 * Fills `activity.resource` and `activity.action` from `activity.type` when absent.
 * Unknown keys are dropped (expressions cannot name them anyway). Throws PolicyError (code CONTEXT)
 * when a known field has the wrong shape.
 */
export function normalizeContext(input: ContextInput): Context {
  const out: Context = {};
  for (const field of CONTEXT_FIELDS) {
    if (field.path.includes('.')) continue;
    const v = input[field.path];
    if (v === undefined) continue;
    out[field.path] = convert(v, field, field.path, field.path);
  }
  for (const name of DEFAULT_EMPTY_LISTS) out[name] ??= [];
  const activity = out['activity'];
  if (activity && typeof activity === 'object' && !Array.isArray(activity) && typeof activity['type'] === 'string') {
    const info = activityTypeInfo(activity['type']);
    if (info) {
      activity['resource'] ??= info.resource;
      activity['action'] ??= info.action;
    }
  }
  return out;
}
