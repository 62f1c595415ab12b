/**
 * The data the plugin hands to its pages (serialized with createData). Everything is
 * computed at build time, so components only lay it out. Keep it compact: it ships
 * as the page's data chunk.
 */

/**
 * Inline rich text converted from the document's CommonMark at build time.
 * A node is a string (plain text) or a tuple: [tag, ...].
 */
export type RichNode =
  | string
  | ['code', string]
  | ['op', string, string] // inline code naming an operation: [tag, text, route]
  | ['schema', string, string] // inline code naming a schema: [tag, text, route]
  | ['strong' | 'em' | 'p' | 'li', RichNode[]]
  | ['ul' | 'ol', RichNode[]]
  | ['a', string, RichNode[]]
  | ['pre', string, string] // [tag, language, code]
  | ['br'];
export type RichText = RichNode[];

/** A type expression, e.g. `array of WalletAccountParams` or `string (uuid)`. */
export type TypeExpr =
  | {k: 'prim'; name: string; format?: string}
  | {k: 'ref'; name: string; route: string; base?: string}
  | {k: 'array'; of: TypeExpr}
  | {k: 'map'; of: TypeExpr}
  | {k: 'const'; value: string};

export interface EnumValue {
  value: string;
  description?: RichText;
}

export interface FieldNode {
  name: string;
  /** Dotted path from the body's root; the anchor id is `field-<path>`. */
  path: string;
  type: TypeExpr;
  required: boolean;
  deprecated?: boolean;
  /** Human-readable constraints: `1 to 100`, `pattern ^\+[1-9]\d{1,14}$`, `at least 1 item`. */
  constraints?: string[];
  /** JSON of the default value. */
  default?: string;
  /** Inline enum values (short enums only; long ones link to their schema page). */
  enumValues?: string[];
  /** Number of values when the enum is too long to list inline. */
  enumCount?: number;
  description?: RichText;
  /** Fields of the nested object (or of the array's item objects). */
  children?: FieldNode[];
  /** Why a nested object is not expanded here, with a link: [text, route]. */
  seeAlso?: [string, string];
  /** Shown but left out of the search index: the same row is on many operation pages (model/search-repeats.ts). */
  unindexedRow?: true;
  /** The nested table is shown but left out of the search index: the page listed its fields earlier, or every row in it is left out. */
  unindexedFields?: true;
}

export type OperationKind = 'query' | 'submission';

export interface OperationSummary {
  operationId: string;
  /** The API's own snake_case name, e.g. `create_wallet`. */
  name: string;
  summary: string;
  kind: OperationKind;
  area: string;
  path: string;
  route: string;
}

export type SchemaCategory = 'Entities' | 'Values' | 'Enumerations' | 'Intents' | 'Results' | 'Request bodies' | 'Response bodies';

export interface SchemaSummary {
  name: string;
  route: string;
  category: SchemaCategory;
  /** First sentence of the description, plain text. */
  summary: string;
}

export interface SidebarLink {
  label: string;
  route: string;
  /** Secondary text such as the operation's API name. */
  detail?: string;
}

export interface SidebarGroup {
  label: string;
  /**
   * Groups shown as one link (to `route`) unless they contain the current page: the 287 schema
   * links would otherwise weigh down every page's HTML. Their links still order previous/next.
   */
  collapsible: boolean;
  /** Where a collapsed group's link goes (its section of the schema index). */
  route?: string;
  links: SidebarLink[];
}

export interface SidebarData {
  groups: SidebarGroup[];
}

export interface Example {
  title: string;
  json: string;
  /** For a submission's answer: the activity's status in words (`Completed`, `Pending`, ...). */
  outcome?: string;
  /** Build-time highlighting of `json` (src/highlight/tokens.ts). */
  tokens?: string;
}

export interface CodeSamples {
  curl: string;
  typescript: string;
  cli: string;
  /** Python 3 with `requests` and `cryptography` only. */
  python: string;
  /** The Go SDK (`packages/go`). */
  go: string;
  /** The Ruby gem (`packages/ruby`). */
  ruby: string;
  /** The Rust crate (`packages/rust`). */
  rust: string;
  /**
   * The organization ID the samples fall back to (the request example's): the sample panel replaces it, and the
   * documented base URL, with the reader's own while the request builder is open (sample-env.ts).
   */
  organizationId: string;
  /** Build-time highlighting of each sample (src/highlight/tokens.ts). */
  tokens?: {curl: string; typescript: string; cli: string; python: string; go: string; ruby: string; rust: string};
}

export interface BodySection {
  schema: string;
  schemaRoute: string;
  description?: RichText;
  fields: FieldNode[];
}

/** Where a page's facts live in the API document: the edit link and the file's last commit (ms). */
export interface PageSource {
  editUrl: string;
  lastUpdatedAt?: number;
}

export interface OperationPageData {
  operationId: string;
  name: string;
  summary: string;
  description: RichText;
  kind: OperationKind;
  area: string;
  areaRoute: string;
  method: 'POST';
  path: string;
  route: string;
  activityType?: string;
  /** Where the activity type's value is described (its enumeration page). */
  activityTypeRoute?: string;
  /** Page of the query that polls activities (`get_activity`), for submissions. */
  pollRoute?: string;
  intentSchema?: [string, string];
  resultSchema?: [string, string];
  /** Stamp headers that authenticate the call (any one of them). */
  stamps: string[];
  /** Headers carrying a token instead of a stamp (X-Session), also accepted by the call. */
  tokenHeaders: string[];
  request: BodySection;
  response: BodySection;
  /** The error body (`Status`); its example is on the schema page, since its codes differ per call (see `errors`). */
  error: BodySection;
  /** The codes this call can answer, by code: its own reasons (`x-errors`) first, then those of every call. */
  errors: OperationError[];
  requestExample: Example;
  /**
   * The 200 answer's examples: one for a query; for a submission one per outcome the document shows
   * (completed first, then pending, consensus needed, failed), each with its `outcome` label.
   */
  responseExamples: Example[];
  samples: CodeSamples;
  apiBaseUrl: string;
  source?: PageSource;
}

/**
 * The data file of several schema pages (neighbours by name). One file per
 * page would add a module to the route table every page of the site loads.
 */
export interface SchemaPageGroup {
  pages: SchemaPageData[];
}

export interface SchemaPageData {
  name: string;
  route: string;
  category: SchemaCategory;
  description?: RichText;
  type: TypeExpr;
  /** Object schemas: the fields; nested anonymous objects are expanded. */
  fields?: FieldNode[];
  enumValues?: EnumValue[];
  constraints?: string[];
  default?: string;
  example?: string;
  /** Build-time highlighting of `example` (src/highlight/tokens.ts). */
  exampleTokens?: string;
  /** The example was generated from the schema (openapi-sampler): no document example holds this schema. */
  exampleGenerated?: boolean;
  deprecated?: boolean;
  /** Operations whose request or answer contain this schema. */
  usedBy: OperationSummary[];
  /** True for the error body every operation can answer with. */
  usedByAllAsError: boolean;
  /** Schemas whose fields refer to this one. */
  referencedBy: SchemaSummary[];
  /** Activity type of an intent no endpoint submits (`x-sigil-no-endpoint`). */
  noEndpointActivityType?: string;
  source?: PageSource;
}

export interface LimitRow {
  id: string;
  name: string;
  value: string;
  unit?: string;
  appliesTo: OperationSummary[];
  description?: RichText;
}

export interface OperationError {
  code: number;
  name: string;
  httpStatus: number;
  /** Why this operation answers the code (its own `x-errors` entry). */
  own?: RichText;
  /** Why any call answers it (`x-common-errors`). */
  common?: RichText;
}

export interface ErrorCodeRow {
  code: number;
  name: string;
  httpStatus: number;
  retryable: boolean;
  /** Whether a submission may be sent again after this code (it created no activity). */
  submissionRetryable: boolean;
  description?: RichText;
}

export interface AreaGroup {
  /** From `x-tagGroups`, e.g. `Keys and signing`. */
  label: string;
  areas: {name: string; slug: string; description?: RichText; operations: OperationSummary[]}[];
}

export interface HomePageData {
  title: string;
  version: string;
  summary: string;
  apiBaseUrl: string;
  /** Authentication headers; `isStamp` false for a token header (X-Session); `appliesTo` when not every operation accepts it. */
  stamps: {header: string; scheme: string; isStamp: boolean; appliesTo?: string; description: RichText}[];
  errorCodes: ErrorCodeRow[];
  limits: LimitRow[];
  groups: AreaGroup[];
  operationCount: number;
  schemaCount: number;
  downloads: {label: string; href: string}[];
  source?: PageSource;
}

export interface SchemaIndexData {
  categories: {category: SchemaCategory; schemas: SchemaSummary[]}[];
}
