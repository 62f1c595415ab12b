// Everything the emulator knows about the API comes from the bundled OpenAPI document: the operation
// list and error codes through @sigil/api-spec's catalog, request schemas and limits from the document
// itself. Nothing here is a hand-written list.
import catalog from '@sigil/api-spec/catalog.json' with { type: 'json' };
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

// The JSON import is typed by TypeScript from the file; this view is the part the emulator reads.
export interface OpenApiDocument {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
  'x-limits': Array<{ id: string; value: unknown; appliesTo?: string[] }>;
  [key: string]: unknown;
}

export const document = openapi as unknown as OpenApiDocument;

/** One entry of @sigil/api-spec's operation catalog (catalog.json), the part the emulator reads. */
interface CatalogEntry {
  name: string;
  kind: 'query' | 'submission';
  path: string;
  requestSchema: string | null;
  activityType: string | null;
  acceptsSession: boolean;
  tag: string | null;
  intentKey: string | null;
  resultKey: string | null;
}

// The operations come from the catalog @sigil/api-spec derives from this same document, so the emulator
// serves exactly the operations every SDK and the reference list.
function readOperations(): Map<string, OperationSpec> {
  const operations = new Map<string, OperationSpec>();
  for (const entry of (catalog as { operations: CatalogEntry[] }).operations) {
    operations.set(entry.name, {
      name: entry.name,
      kind: entry.kind,
      path: entry.path,
      requestRef: entry.requestSchema ? `#/components/schemas/${entry.requestSchema}` : '',
      activityType: entry.activityType,
      acceptsSession: entry.acceptsSession,
      tag: entry.tag ?? '',
      intentKey: entry.intentKey,
      resultKey: entry.resultKey,
    });
  }
  return operations;
}

export const OPERATIONS: ReadonlyMap<string, OperationSpec> = readOperations();

const errorCodes = (catalog as { errorCodes: Array<{ code: number; name: string; httpStatus: number }> }).errorCodes;
const httpStatusByCode = new Map(errorCodes.map((entry) => [entry.code, entry.httpStatus]));
const nameByCode = new Map(errorCodes.map((entry) => [entry.code, entry.name]));

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
