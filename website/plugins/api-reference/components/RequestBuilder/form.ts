/**
 * The form view's pure half: reading the request schema (a standalone JSON Schema with `$defs`,
 * as the build-time validators carry it) and editing a JSON value at a path, immutably.
 */

export interface FormSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, FormSchema>;
  required?: string[];
  items?: FormSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maxProperties?: number;
  additionalProperties?: boolean | FormSchema;
}

export interface RootSchema extends FormSchema {
  $defs: Record<string, FormSchema>;
}

export type JsonPath = ReadonlyArray<string | number>;

/** Follows `$ref`s to the schema they name (the document's refs are direct: one name each). */
export function resolve(root: RootSchema, schema: FormSchema): FormSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 32; hops++) {
    const name = current.$ref.replace('#/$defs/', '');
    const target = root.$defs[name];
    if (!target) return {};
    current = target;
  }
  return current;
}

/** How the form shows a schema. */
export type ControlKind = 'object' | 'array' | 'enum' | 'const' | 'boolean' | 'number' | 'string' | 'json';

export function controlKind(schema: FormSchema): ControlKind {
  if (schema.const !== undefined) return 'const';
  if (schema.enum) return 'enum';
  switch (schema.type) {
    case 'object':
      // An object with no declared fields (a free-form map) is edited as JSON text.
      return schema.properties ? 'object' : 'json';
    case 'array':
      return 'array';
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'json';
  }
}

/** A starting value for a new field or array item: the required fields filled, enums at their first value. */
export function defaultValue(root: RootSchema, schema: FormSchema, depth = 0): unknown {
  const s = resolve(root, schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // Deep required chains end somewhere; the depth guard only protects against a cycle.
      if (depth < 8) for (const name of s.required ?? []) out[name] = defaultValue(root, s.properties?.[name] ?? {}, depth + 1);
      return out;
    }
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return s.minimum ?? 0;
    case 'string':
      return '';
    default:
      return null;
  }
}

/** The value at a path; undefined when any step is missing. */
export function getAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const step of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[step];
  }
  return current;
}

/** A copy of `value` with `next` at `path` (objects and arrays on the way are copied, never mutated). */
export function setAt(value: unknown, path: JsonPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [step, ...rest] = path as [string | number, ...Array<string | number>];
  if (typeof step === 'number') {
    const array = Array.isArray(value) ? [...(value as unknown[])] : [];
    array[step] = setAt(array[step], rest, next);
    return array;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? {...(value as Record<string, unknown>)} : {};
  object[step] = setAt(object[step], rest, next);
  return object;
}

/** A copy of `value` without the field or array item at `path`. */
export function removeAt(value: unknown, path: JsonPath): unknown {
  if (path.length === 0) return undefined;
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1]!;
  const parent = getAt(value, parentPath);
  if (Array.isArray(parent) && typeof last === 'number') return setAt(value, parentPath, parent.filter((_, i) => i !== last));
  if (parent && typeof parent === 'object' && typeof last === 'string') {
    const {[last]: _removed, ...rest} = parent as Record<string, unknown>;
    return setAt(value, parentPath, rest);
  }
  return value;
}

/** `parameters.accounts[0].curve`: the path as the builder's problems and the request table name it. */
export function pathLabel(path: JsonPath): string {
  return path.reduce<string>((out, step) => (typeof step === 'number' ? `${out}[${step}]` : out ? `${out}.${step}` : step), '');
}

/** Reads what the reader typed in a number field: a number, or the text itself when it is not one (the schema check then names it). */
export function numberFromInput(text: string): unknown {
  if (text.trim() === '') return text;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}
