/** One operation of the API document: what every SDK generator, the emulator and the reference know about it. */
export interface CatalogOperation {
  /** The name in the URL, e.g. `create_wallet`. */
  readonly name: string;
  /** camelCase of the name, e.g. `createWallet`. */
  readonly operationId: string;
  readonly kind: 'query' | 'submission';
  /** `/public/v1/query/{name}` or `/public/v1/submit/{name}`. */
  readonly path: string;
  /** The activity type a submission creates; null for queries. */
  readonly activityType: string | null;
  /** The first tag (the area the operation is listed under); null when the document gives none. */
  readonly tag: string | null;
  readonly summary: string | null;
  /** Schema name of the request body when it is a `$ref`, e.g. `CreateWalletRequest`. */
  readonly requestSchema: string | null;
  /** Schema name of the 200 response body when it is a `$ref`, e.g. `ActivityResponse`. */
  readonly responseSchema: string | null;
  /** Schema name of a submission's `parameters` (`x-sigil-intent`); null for queries. */
  readonly intentSchema: string | null;
  /** Schema name of a submission's result (`x-sigil-result`); null for queries. */
  readonly resultSchema: string | null;
  /** Key of the intent inside `activity.intent`, e.g. `createWalletIntent`; null for queries. */
  readonly intentKey: string | null;
  /** Key of the result inside `activity.result`, e.g. `createWalletResult`; null for queries. */
  readonly resultKey: string | null;
  /** Whether a read-only session (`X-Session`, the ReadOnlySession scheme) may authenticate it. */
  readonly acceptsSession: boolean;
  /** Whether the request body has `organizationId` (which a client may fill in with its own). */
  readonly takesOrganizationId: boolean;
}

/** One entry of the document's root `x-error-codes`. */
export interface CatalogErrorCode {
  readonly code: number;
  readonly name: string;
  readonly httpStatus: number;
  readonly retryable: boolean;
  readonly submissionRetryable: boolean;
  readonly description: string;
}

/** The operations of a document, in document order, and its error codes. */
export interface Catalog {
  readonly operations: readonly CatalogOperation[];
  readonly errorCodes: readonly CatalogErrorCode[];
}

/** Reads the operations and the error codes of a Sigil OpenAPI document; throws a message naming what it cannot represent. */
export function buildCatalog(doc: unknown): Catalog;
/** Reads every operation of a Sigil OpenAPI document, in document order; throws on a kind that contradicts the path, a submission without activity type, intent or result, and a repeated operationId. */
export function catalogOperations(doc: unknown): CatalogOperation[];
/** Reads and checks the document's root `x-error-codes`, in document order. */
export function catalogErrorCodes(doc: unknown): CatalogErrorCode[];
/** Queries first, then submissions, each ordered by `key` (operationId by default): the order the SDK generators write methods in. */
export function sortQueriesFirst<T extends { kind: string; operationId: string }>(operations: readonly T[], key?: (op: T) => string): T[];
