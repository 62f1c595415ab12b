// The parts of the API document that `sigil mcp` reads, and lookups over them.

export interface SchemaObject {
  type?: string | string[];
  description?: string;
  $ref?: string;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  additionalProperties?: boolean | SchemaObject;
  deprecated?: boolean;
  'x-enum-descriptions'?: Record<string, string>;
}

export interface OperationObject {
  tags?: string[];
  summary?: string;
  description?: string;
  operationId: string;
  'x-search-aliases'?: string[];
  'x-sigil-kind'?: 'query' | 'submission';
  'x-sigil-activity-type'?: string;
  'x-sigil-intent'?: string;
  'x-sigil-result'?: string;
  'x-errors'?: Array<{ code: number; when: string }>;
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: SchemaObject }> }>;
}

export interface ErrorCode {
  code: number;
  name: string;
  httpStatus: number;
  retryable: boolean;
  submissionRetryable: boolean;
  description: string;
}

export interface Limit {
  id: string;
  name: string;
  value: unknown;
  unit?: string;
  appliesTo?: string[];
  description: string;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, { post?: OperationObject }>;
  components: { schemas: Record<string, SchemaObject> };
  'x-error-codes': ErrorCode[];
  'x-common-errors': Array<{ code: number; when: string }>;
  'x-limits': Limit[];
}

export interface Operation {
  /** API name, the last path segment: `create_wallet`. */
  name: string;
  path: string;
  method: 'POST';
  kind: 'query' | 'submission';
  op: OperationObject;
  /** Site path of its reference page: `/api/wallets/create-wallet`. */
  page: string;
}

/** `Import and export` -> `import-and-export`, as the API reference's routes are made. */
export function areaSlug(tag: string): string {
  return tag.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** `CreateSubOrganizationIntentV7` -> `create-sub-organization-intent-v7`, as the API reference's schema routes. */
export function kebabFromCamel(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/([0-9])([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

export const schemaPage = (name: string): string => `/api/schemas/${kebabFromCamel(name)}`;

export const refName = (schema: SchemaObject): string | undefined => schema.$ref?.split('/').pop();

/** Letters and digits only, lower case: how names are compared (`create_wallet`, `createWallet`, `Create wallet`). */
export const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export function operations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const op = item.post;
    if (!op) return [];
    const name = path.split('/').pop() ?? path;
    return [{ name, path, method: 'POST' as const, kind: op['x-sigil-kind'] ?? (path.includes('/submit/') ? 'submission' : 'query'), op, page: `/api/${areaSlug(op.tags?.[0] ?? 'other')}/${name.replace(/_/g, '-')}` }];
  });
}

/** The operation a reader names by API name, SDK method, path, page, title or activity type; undefined if none. */
export function findOperation(doc: OpenApiDocument, reference: string): Operation | undefined {
  const wanted = squash(reference.replace(/^.*\/api\/[^/]+\//, ''));
  if (!wanted) return undefined;
  return operations(doc).find(
    (o) =>
      squash(o.name) === wanted ||
      squash(o.op.operationId) === wanted ||
      squash(o.path) === wanted ||
      squash(o.op.summary ?? '') === wanted ||
      squash(o.op['x-sigil-activity-type'] ?? '') === wanted,
  );
}

export function resolve(doc: OpenApiDocument, schema: SchemaObject): SchemaObject {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 16; depth++) {
    const next = doc.components.schemas[refName(current) ?? ''];
    if (!next) break;
    current = { ...next, ...(current.description ? { description: current.description } : {}) };
  }
  return current;
}

/** Edit distance, for "did you mean" suggestions and typo correction. */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The closest few of `candidates` to `text`, for "did you mean" in error messages. */
export function closest(text: string, candidates: string[], count = 3): string[] {
  const wanted = squash(text);
  return candidates
    .map((candidate) => ({ candidate, distance: editDistance(wanted, squash(candidate)) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count)
    .map((c) => c.candidate);
}
