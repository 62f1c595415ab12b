// Shared by the tests: loads the bundled document that `npm run build` wrote.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const packageRoot = fileURLToPath(new URL('..', import.meta.url));
export const bundledJsonPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));
export const bundledYamlPath = fileURLToPath(new URL('../dist/openapi.yaml', import.meta.url));

/** The parts of the bundled document the tests read. Loosely typed on purpose: tests check the shape. */
export interface Doc {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  security: Record<string, string[]>[];
  tags: { name: string; description?: string }[];
  paths: Record<string, { post: OperationObject }>;
  components: {
    schemas: Record<string, SchemaObject>;
    securitySchemes: Record<string, { type: string; in: string; name: string; description: string }>;
    responses: Record<string, unknown>;
  };
  [extension: `x-${string}`]: unknown;
}

export interface SchemaObject {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  required?: string[];
  properties?: Record<string, SchemaObject>;
  items?: SchemaObject;
  $ref?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  [key: string]: unknown;
}

export interface MediaType {
  schema: SchemaObject;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  requestBody: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, MediaType> }>;
  security?: Record<string, string[]>[];
  [extension: `x-${string}`]: unknown;
}

export function loadDoc(): Doc {
  if (!existsSync(bundledJsonPath)) {
    throw new Error('dist/openapi.json is missing: run `npm run build -w @sigil/api-spec` before the tests');
  }
  return JSON.parse(readFileSync(bundledJsonPath, 'utf8')) as Doc;
}

/** Follows a local `#/components/...` reference. */
export function resolveLocal<T>(doc: Doc, ref: string): T {
  const parts = ref.replace(/^#\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = doc;
  for (const part of parts) node = (node as Record<string, unknown>)[part];
  if (node === undefined) throw new Error(`unresolved reference ${ref}`);
  return node as T;
}

export function schemaByName(doc: Doc, name: string): SchemaObject {
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`schema ${name} is missing`);
  return schema;
}
