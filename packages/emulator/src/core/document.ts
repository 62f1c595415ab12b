// Everything the emulator knows about the API comes from the bundled OpenAPI document: the operation
// list, request schemas, error-code HTTP statuses and limits. Nothing here is a hand-written list.
import openapi from '@sigil/api-spec/openapi.json' with { type: 'json' };

export interface OperationSpec {
  name: string;
  kind: 'query' | 'submission';
  path: string;
  /** `$ref` target of the request body schema, e.g. `#/components/schemas/CreateWalletRequest`. */
  requestRef: string;
  /** The activity type a submission creates; null for queries. */
  activityType: string | null;
  /** Whether the operation accepts `X-Session` (the ReadOnlySession security scheme). */
  acceptsSession: boolean;
  tag: string;
  /** Key of the intent inside `activity.intent`, e.g. `createWalletIntent`; null for queries. */
  intentKey: string | null;
  /** Key of the result inside `activity.result`, e.g. `createWalletResult`; null for queries. */
  resultKey: string | null;
}

interface RawOperation {
  tags?: string[];
  security?: Array<Record<string, unknown>>;
  requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
  'x-sigil-activity-type'?: string;
  'x-sigil-intent'?: string;
  'x-sigil-result'?: string;
  [key: string]: unknown;
}

// The JSON import is typed by TypeScript from the file; this view is the part the emulator reads.
export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, unknown> };
  'x-error-codes': Array<{ code: number; name: string; httpStatus: number }>;
  'x-limits': Array<{ id: string; value: unknown; appliesTo?: string[] }>;
  [key: string]: unknown;
}

export const document = openapi as unknown as OpenApiDocument;

const lowerFirst = (name: string | undefined): string | null => (name ? name[0]!.toLowerCase() + name.slice(1) : null);

function readOperations(): Map<string, OperationSpec> {
  const operations = new Map<string, OperationSpec>();
  for (const [path, item] of Object.entries(document.paths)) {
    const match = /^\/public\/v1\/(query|submit)\/([a-z0-9_]+)$/.exec(path);
    const post = item.post;
    if (!match || !post) continue;
    const requestRef = post.requestBody?.content?.['application/json']?.schema?.$ref ?? '';
    const kind = match[1] === 'query' ? 'query' : 'submission';
    operations.set(match[2]!, {
      name: match[2]!,
      kind,
      path,
      requestRef,
      activityType: post['x-sigil-activity-type'] ?? null,
      acceptsSession: (post.security ?? []).some((requirement) => 'ReadOnlySession' in requirement),
      tag: post.tags?.[0] ?? '',
      intentKey: lowerFirst(post['x-sigil-intent']),
      resultKey: lowerFirst(post['x-sigil-result']),
    });
  }
  return operations;
}

export const OPERATIONS: ReadonlyMap<string, OperationSpec> = readOperations();

const httpStatusByCode = new Map(document['x-error-codes'].map((entry) => [entry.code, entry.httpStatus]));
const nameByCode = new Map(document['x-error-codes'].map((entry) => [entry.code, entry.name]));

export function httpStatusOf(code: number): number {
  return httpStatusByCode.get(code) ?? 500;
}
export function codeName(code: number): string {
  return nameByCode.get(code) ?? `CODE_${code}`;
}

export function limit<T = number>(id: string): T {
  const entry = document['x-limits'].find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`the API document has no x-limits entry ${id}`);
  return entry.value as T;
}
