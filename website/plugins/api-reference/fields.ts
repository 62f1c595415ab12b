import {isEnum, isObjectSchema, isSingleKeyUnion, type SchemaObject, type SchemaRegistry} from './openapi';
import {schemaRoute} from './slugs';
import type {FieldNode, RichText, TypeExpr} from './types';

/** Enums with at most this many values list them inline in field tables; longer ones link to their page. */
export const INLINE_ENUM_LIMIT = 12;
const MAX_DEPTH = 12;

export interface FieldContext {
  registry: SchemaRegistry;
  describe: (markdown: string) => RichText;
  /** Expand fields of referenced object schemas inline (operation pages) or only link them (schema pages). */
  expandRefs: boolean;
  /** Keys to keep when a single-key union (`Intent`, `Result`) is expanded, e.g. `createWalletIntent`. */
  unionKeys?: ReadonlySet<string>;
}

/** The fields of an object schema, nested objects included, for a field table. */
export function objectFields(schema: SchemaObject, ctx: FieldContext, pathPrefix = '', ancestors: string[] = []): FieldNode[] {
  const {schema: target, name} = ctx.registry.deref(schema);
  const chain = name ? [...ancestors, name] : ancestors;
  return propertiesOf(target, ctx, pathPrefix, chain, 0) ?? [];
}

function propertiesOf(
  schema: SchemaObject,
  ctx: FieldContext,
  pathPrefix: string,
  ancestors: string[],
  depth: number,
): FieldNode[] | undefined {
  if (!schema.properties) return undefined;
  const required = new Set(schema.required ?? []);
  let entries = Object.entries(schema.properties);
  if (isSingleKeyUnion(schema) && ctx.unionKeys?.size) {
    entries = entries.filter(([key]) => ctx.unionKeys?.has(key));
  }
  return entries.map(([key, property]) =>
    fieldNode(key, property, required.has(key), ctx, pathPrefix ? `${pathPrefix}.${key}` : key, ancestors, depth),
  );
}

function fieldNode(
  name: string,
  property: SchemaObject,
  required: boolean,
  ctx: FieldContext,
  path: string,
  ancestors: string[],
  depth: number,
): FieldNode {
  const {registry} = ctx;
  const {schema: target, name: refName} = registry.deref(property);
  const node: FieldNode = {name, path, type: typeExpr(property, registry), required};

  const description = property.description ?? target.description;
  if (description) node.description = ctx.describe(description);
  if (property.deprecated || target.deprecated) node.deprecated = true;

  const constraints = describeConstraints(property.$ref ? {...target, ...withoutRef(property)} : target, registry);
  if (constraints.length) node.constraints = constraints;

  const defaultValue = property.default ?? target.default;
  if (defaultValue !== undefined) node.default = JSON.stringify(defaultValue);

  // Enum values: of the field itself, or of its array items (`filterByStatus: ActivityStatus[]`).
  const enumSource = isEnum(target) ? target : target.items ? registry.deref(target.items).schema : undefined;
  if (enumSource && isEnum(enumSource) && enumSource.enum) {
    if (enumSource.enum.length <= INLINE_ENUM_LIMIT) node.enumValues = enumSource.enum.map((v) => String(v));
    else node.enumCount = enumSource.enum.length;
  }

  // Nested objects: the object itself, or the objects an array holds.
  let objectName = refName;
  let objectSchema: SchemaObject | undefined = isObjectSchema(target) ? target : undefined;
  if (!objectSchema && target.type === 'array' && target.items) {
    const item = registry.deref(target.items);
    if (isObjectSchema(item.schema)) {
      objectSchema = item.schema;
      objectName = item.name;
    }
  }
  if (objectSchema?.properties) {
    if (objectName && ancestors.includes(objectName)) {
      node.seeAlso = [`Nested ${objectName} (recursive)`, schemaRoute(objectName)];
    } else if (objectName && !ctx.expandRefs) {
      node.seeAlso = [`Fields of ${objectName}`, schemaRoute(objectName)];
    } else if (isSingleKeyUnion(objectSchema) && !ctx.unionKeys?.size) {
      const count = Object.keys(objectSchema.properties).length;
      if (objectName) node.seeAlso = [`One of ${count} keys, listed on ${objectName}`, schemaRoute(objectName)];
    } else if (depth >= MAX_DEPTH) {
      if (objectName) node.seeAlso = [`Fields of ${objectName}`, schemaRoute(objectName)];
    } else {
      const chain = objectName ? [...ancestors, objectName] : ancestors;
      node.children = propertiesOf(objectSchema, ctx, path, chain, depth + 1);
    }
  }
  return node;
}

function withoutRef(schema: SchemaObject): SchemaObject {
  const {$ref: _ref, ...rest} = schema;
  return rest;
}

/** The type of a property as the tables show it. */
export function typeExpr(schema: SchemaObject, registry: SchemaRegistry): TypeExpr {
  if (schema.$ref) {
    const {schema: target, name} = registry.deref(schema);
    if (!name) return typeExpr(target, registry);
    const base = baseTypeLabel(target);
    return {k: 'ref', name, route: schemaRoute(name), ...(base ? {base} : {})};
  }
  if (schema.const !== undefined) return {k: 'const', value: JSON.stringify(schema.const)};
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (type === 'array') return {k: 'array', of: schema.items ? typeExpr(schema.items, registry) : {k: 'prim', name: 'any'}};
  if ((type === 'object' || type === undefined) && !schema.properties && typeof schema.additionalProperties === 'object') {
    return {k: 'map', of: typeExpr(schema.additionalProperties, registry)};
  }
  const name = type ?? (schema.properties ? 'object' : 'any');
  return schema.format ? {k: 'prim', name, format: schema.format} : {k: 'prim', name};
}

/** For a named schema that is a scalar or an enum, its JSON type (`string`, `integer`); objects need none. */
function baseTypeLabel(schema: SchemaObject): string | undefined {
  if (isObjectSchema(schema)) return undefined;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type;
  if (!type) return undefined;
  if (type === 'array') return 'array';
  return schema.format ? `${type}, ${schema.format}` : type;
}

/** Validation keywords in words. Enum values, defaults and formats are shown elsewhere. */
export function describeConstraints(schema: SchemaObject, registry: SchemaRegistry): string[] {
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string): void => {
    if (min !== undefined && max !== undefined) out.push(min === max ? `exactly ${min} ${unit}` : `${min} to ${max} ${unit}`);
    else if (min !== undefined) out.push(`at least ${min} ${unit}`);
    else if (max !== undefined) out.push(`at most ${max} ${unit}`);
  };
  const plural = (n: number | undefined, one: string, many: string): string => (n === 1 ? one : many);
  range(schema.minLength, schema.maxLength, plural(schema.maxLength ?? schema.minLength, 'character', 'characters'));
  if (schema.pattern !== undefined) out.push(`pattern ${schema.pattern}`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) out.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) out.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) out.push(`at most ${schema.maximum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`greater than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`less than ${schema.exclusiveMaximum}`);
  range(schema.minItems, schema.maxItems, plural(schema.maxItems ?? schema.minItems, 'item', 'items'));
  if (schema.uniqueItems) out.push('items unique');
  range(schema.minProperties, schema.maxProperties, plural(schema.maxProperties ?? schema.minProperties, 'key', 'keys'));
  if (schema.type === 'array' && schema.items) {
    const item = registry.deref(schema.items).schema;
    for (const c of describeConstraints(item, registry)) out.push(`each item: ${c}`);
  }
  return out;
}
