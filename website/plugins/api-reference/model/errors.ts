import type {OpenApiDocument, SchemaRegistry} from '../openapi';
import type {Example, OperationError, RichText} from '../types';
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

/**
 * The codes one operation can answer, from the document: its own `x-errors` and the root
 * `x-common-errors`, merged by code (a code in both keeps both reasons), in code order.
 */
export function operationErrors(doc: OpenApiDocument, entry: OperationEntry, describe: (markdown: string) => RichText): OperationError[] {
  // The API document's tests require x-errors on every operation; a document without them shows every call's codes only.
  const own = entry.op['x-errors'] ?? [];
  const codes = new Map((doc['x-error-codes'] ?? []).map((e) => [e.code, e]));
  const rows = new Map<number, OperationError>();
  const row = (code: number): OperationError => {
    const known = codes.get(code);
    if (!known) throw new Error(`${entry.path}: error code ${code} is not in x-error-codes`);
    let found = rows.get(code);
    if (!found) rows.set(code, (found = {code, name: known.name, httpStatus: known.httpStatus}));
    return found;
  };
  for (const {code, when} of own) row(code).own = describe(when);
  for (const {code, when} of doc['x-common-errors'] ?? []) row(code).common = describe(when);
  return [...rows.values()].sort((a, b) => a.code - b.code);
}
