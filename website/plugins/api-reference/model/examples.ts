import {sample} from 'openapi-sampler';
import type {MediaTypeObject, OpenApiDocument, SchemaObject, SchemaRegistry} from '../openapi';
import type {Example} from '../types';
import {jsonMedia, refTo} from './context';
import type {OperationEntry} from './operations';

/** The first example of a media type, or one generated from its schema (openapi-sampler) when it has none. */
export function firstExample(media: MediaTypeObject, doc: OpenApiDocument, fallbackTitle: string): Example {
  const named = Object.values(media.examples ?? {}).find((e) => e.value !== undefined);
  if (named) return {title: named.summary ?? fallbackTitle, json: JSON.stringify(named.value, null, 2)};
  if (media.example !== undefined) return {title: fallbackTitle, json: JSON.stringify(media.example, null, 2)};
  const generated = sample(media.schema as Parameters<typeof sample>[0], {skipReadOnly: true, quiet: true}, doc);
  return {title: `${fallbackTitle} (generated from the schema)`, json: JSON.stringify(generated, null, 2)};
}

export function firstExampleValue(media: MediaTypeObject): unknown {
  return Object.values(media.examples ?? {}).find((e) => e.value !== undefined)?.value ?? media.example;
}

/** An example generated from a schema alone (openapi-sampler), for schemas no document example reaches. */
export function generatedExample(schema: SchemaObject, doc: OpenApiDocument): unknown {
  return sample(schema as Parameters<typeof sample>[0], {skipReadOnly: true, quiet: true}, doc);
}

/**
 * Walks an example value along its schema and records, for each named schema it passes, the
 * first value found there: realistic schema-page examples taken from the operations' own examples.
 */
export function harvestExamples(registry: SchemaRegistry, schema: SchemaObject, value: unknown, out: Map<string, unknown>, depth = 0): void {
  if (depth > 32 || value === undefined || value === null) return;
  const {schema: target, name} = registry.deref(schema);
  if (name && !out.has(name)) out.set(name, value);
  if (Array.isArray(value)) {
    if (target.items) for (const item of value) harvestExamples(registry, target.items, item, out, depth + 1);
    return;
  }
  if (typeof value === 'object' && target.properties) {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const property = target.properties[key];
      if (property) harvestExamples(registry, property, child, out, depth + 1);
    }
  }
}

/** Realistic values for schema pages, from every operation's request and response examples. */
export function harvestOperationExamples(registry: SchemaRegistry, entries: OperationEntry[]): Map<string, unknown> {
  const harvested = new Map<string, unknown>();
  for (const entry of entries) {
    const media: [MediaTypeObject, string][] = [
      [jsonMedia(entry.op.requestBody?.content, entry.path), entry.requestSchema],
      [jsonMedia(registry.response(entry.op.responses?.['200'] ?? {}).content, entry.path), entry.responseSchema],
    ];
    for (const [m, schemaName] of media) {
      const value = firstExampleValue(m);
      if (value !== undefined) harvestExamples(registry, refTo(schemaName), value, harvested);
    }
  }
  return harvested;
}
