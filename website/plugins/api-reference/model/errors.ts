import type {SchemaRegistry} from '../openapi';
import type {Example} from '../types';
import {jsonMedia, schemaNameOf} from './context';
import type {OperationEntry} from './operations';

/** The error body of one operation: the schema of its `default` response and that response's examples. */
export function operationError(registry: SchemaRegistry, entry: OperationEntry): {schema: string; examples: Example[]} {
  const where = `${entry.path} default response`;
  const fallback = entry.op.responses?.default;
  if (!fallback) throw new Error(`${entry.path} has no default (error) response`);
  const media = jsonMedia(registry.response(fallback).content, where);
  return {
    schema: schemaNameOf(media, entry.path),
    examples: Object.values(media.examples ?? {})
      .filter((e) => e.value !== undefined)
      .map((e) => ({title: e.summary ?? 'Error', json: JSON.stringify(e.value, null, 2)})),
  };
}

/** Schemas of the error bodies the operations share (one in practice: every call answers errors alike). */
export function errorSchemas(registry: SchemaRegistry, entries: OperationEntry[]): Set<string> {
  return new Set(entries.map((e) => operationError(registry, e).schema));
}
