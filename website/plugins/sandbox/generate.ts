import Ajv2020 from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import {_} from 'ajv';

/**
 * What the sandbox worker needs from the OpenAPI document, prepared at build time so the browser
 * never downloads the whole document nor compiles a schema:
 * - a slim document with only what the emulator core reads besides request schemas (operations,
 *   error codes, limits);
 * - every request validator, compiled with Ajv's standalone code generation. The site's Content
 *   Security Policy has no 'unsafe-eval', so Ajv could not compile in the worker anyway.
 */

export interface OpenApiLike {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: {schemas: Record<string, unknown>};
  'x-error-codes': unknown[];
  'x-limits': unknown[];
  [extension: `x-${string}`]: unknown;
}

// The operation fields the core's document.ts reads (OperationSpec); everything else is prose for readers.
const OPERATION_FIELDS = ['tags', 'security', 'requestBody', 'x-sigil-activity-type', 'x-sigil-intent', 'x-sigil-result'];

/** The document as the emulator core reads it, without schemas, prose and responses. */
export function slimDocument(document: OpenApiLike): OpenApiLike {
  const paths: OpenApiLike['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const post = item.post;
    if (!post) continue;
    paths[path] = {post: Object.fromEntries(OPERATION_FIELDS.filter((f) => f in post).map((f) => [f, post[f]]))};
  }
  // Every root extension stays (error codes, limits, the webhook signature scheme, bundle formats...): the core reads
  // them at start, and together they are small next to the schemas and prose that go.
  const extensions = Object.fromEntries(Object.entries(document).filter(([key]) => key.startsWith('x-')));
  return {...extensions, paths, components: {schemas: {}}, 'x-error-codes': document['x-error-codes'], 'x-limits': document['x-limits']};
}

/** @sigil/api-spec's operation catalog (catalog.json), as far as the sandbox needs it. */
export interface CatalogLike {
  operations: Array<Record<string, unknown>>;
  errorCodes: Array<Record<string, unknown>>;
}

// The fields of a catalog entry the emulator core reads (packages/emulator/src/core/document.ts); summaries,
// schemas of results and the like stay out of the worker.
const CATALOG_OPERATION_FIELDS = ['name', 'kind', 'path', 'requestSchema', 'activityType', 'acceptsSession', 'tag', 'intentKey', 'resultKey'];
const CATALOG_CODE_FIELDS = ['code', 'name', 'httpStatus'];

const pick = (entry: Record<string, unknown>, fields: string[]) => Object.fromEntries(fields.filter((f) => f in entry).map((f) => [f, entry[f]]));

/** The part of the operation catalog the emulator core reads, for the sandbox worker. */
export function slimCatalog(catalog: CatalogLike): CatalogLike {
  return {
    operations: catalog.operations.map((entry) => pick(entry, CATALOG_OPERATION_FIELDS)),
    errorCodes: catalog.errorCodes.map((entry) => pick(entry, CATALOG_CODE_FIELDS)),
  };
}

/** The `$ref` of each operation's JSON request body, e.g. `#/components/schemas/CreateWalletRequest`. */
export function requestRefs(document: OpenApiLike): string[] {
  const refs = new Set<string>();
  for (const item of Object.values(document.paths)) {
    const body = item.post?.requestBody as {content?: Record<string, {schema?: {$ref?: string}}>} | undefined;
    const ref = body?.content?.['application/json']?.schema?.$ref;
    if (ref) refs.add(ref);
  }
  return [...refs].sort();
}

/**
 * The formats the emulator core registers (packages/emulator/src/core/validate.ts), as a CommonJS
 * module the generated validators require. The core and this module must agree: the sandbox test
 * sends the same bad bodies to both.
 */
export const FORMATS_SOURCE = `// Generated at build time: the emulator core's formats (packages/emulator/src/core/validate.ts). Do not edit.
exports.uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
exports.email = /^[a-zA-Z0-9.!#$%&'*+/=?^_\`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
exports.uri = {validate: (text) => URL.canParse(text)};
exports.int32 = {type: 'number', validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31};
exports.uint64 = {type: 'string', validate: (text) => /^[0-9]{1,20}$/.test(text) && BigInt(text) <= 0xffffffffffffffffn};
`;

/** Loads FORMATS_SOURCE as values, for compiling (the same text the browser runs). */
function formatsValues(): Record<string, unknown> {
  const exports: Record<string, unknown> = {};
  // eslint-disable-next-line no-new-func -- build-time only: evaluates the module text written above, nothing from outside
  new Function('exports', FORMATS_SOURCE)(exports);
  return exports;
}

/**
 * CommonJS source exporting one validator per request `$ref`, compiled with the core's Ajv options
 * (first error only, formats checked) so the sandbox answers exactly as the Node emulator does.
 * Shared schemas compile once and are shared by all exports.
 */
export function validatorsSource(document: OpenApiLike, formatsRequest: string): string {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    validateFormats: true,
    // Shared schemas become one function each instead of being copied into every operation that uses them.
    inlineRefs: false,
    code: {source: true, formats: _`require(${formatsRequest})`},
  });
  for (const [name, format] of Object.entries(formatsValues())) ajv.addFormat(name, format as never);
  ajv.addSchema({...document, $id: 'sigil-openapi'} as object, 'sigil-openapi');
  const refs = requestRefs(document);
  const exportsMap = Object.fromEntries(refs.map((ref) => [ref, `sigil-openapi${ref}`]));
  return `// Generated at build time from the OpenAPI document: the sandbox's request validators. Do not edit.\n${standaloneCode(ajv, exportsMap)}\n`;
}
