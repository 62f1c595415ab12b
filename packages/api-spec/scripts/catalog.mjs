// The operation catalog: the one place that reads the API document's operations and error codes.
// Every consumer (this package's OPERATIONS, the emulator, @sigil/http's generator, the API reference,
// the Go, Ruby and Rust generators) takes its list of operations, their kinds, paths, activity types,
// intent and result keys, session and organization rules, and the error codes by name from here, so
// no two of them can disagree about what the API offers.
//
// What each field comes from:
// - `kind`: the operation's `x-sigil-kind`, which must agree with its path (`/public/v1/query/…` or `/submit/…`);
// - `activityType`, `intentSchema`, `resultSchema`: `x-sigil-activity-type`, `x-sigil-intent`, `x-sigil-result`;
//   the keys are those names with a lower-case first letter (`Activity.intent` and `Activity.result` use them);
// - `acceptsSession`: the operation's security (or the document's) lists `ReadOnlySession` (`X-Session`);
//   only queries may;
// - `takesOrganizationId`: the request body defines `organizationId` (the client may fill in its own);
// - `errorCodes`: the root `x-error-codes`, in document order.
//
// Pure: it reads the document it is given and throws a message naming the operation on anything it cannot
// represent, so generators run against test documents as well as the bundled one.

const PATH_PATTERN = /^\/public\/v1\/(query|submit)\/([a-z0-9_]+)$/;
const PATH_KIND = { query: 'query', submit: 'submission' };

const refName = (ref) => (typeof ref === 'string' ? ref.split('/').pop() : null);
const lowerFirst = (name) => name[0].toLowerCase() + name.slice(1);

/** Follows local `$ref`s and merges `allOf`, enough to see an object's properties. */
function properties(doc, schema, seen = new Set()) {
  if (!schema || typeof schema !== 'object') return {};
  if (schema.$ref) {
    if (seen.has(schema.$ref) || !schema.$ref.startsWith('#/components/schemas/')) return {};
    seen.add(schema.$ref);
    return properties(doc, doc.components?.schemas?.[refName(schema.$ref)], seen);
  }
  const merged = { ...(schema.properties ?? {}) };
  for (const part of schema.allOf ?? []) Object.assign(merged, properties(doc, part, new Set(seen)));
  return merged;
}

/** The root `x-error-codes`, checked: a whole code, an upper-case name, an HTTP status and both retry flags. */
export function catalogErrorCodes(doc) {
  const codes = doc['x-error-codes'];
  if (!Array.isArray(codes) || codes.length === 0) throw new Error('The document has no x-error-codes');
  const names = new Set();
  return codes.map((entry) => {
    const { code, name, httpStatus, retryable, submissionRetryable, description } = entry ?? {};
    if (!Number.isInteger(code) || typeof name !== 'string' || !/^[A-Z_]+$/.test(name) || !Number.isInteger(httpStatus)) {
      throw new Error(`x-error-codes: bad entry ${JSON.stringify(entry)}`);
    }
    if (typeof retryable !== 'boolean' || typeof submissionRetryable !== 'boolean') {
      throw new Error(`x-error-codes: code ${code} needs boolean retryable and submissionRetryable`);
    }
    if (names.has(name)) throw new Error(`x-error-codes: ${name} is listed twice`);
    names.add(name);
    return { code, name, httpStatus, retryable, submissionRetryable, description: description ?? '' };
  });
}

function catalogOperation(doc, path, method, op) {
  const where = `${method.toUpperCase()} ${path}`;
  if (method !== 'post') throw new Error(`${where}: Sigil calls are all POST`);
  const match = PATH_PATTERN.exec(path);
  if (!match) throw new Error(`${where}: the path must be /public/v1/query/<name> or /public/v1/submit/<name>`);
  const operationId = op.operationId;
  if (typeof operationId !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(operationId)) {
    throw new Error(`${where}: operationId must be camelCase (got ${operationId})`);
  }
  const kind = op['x-sigil-kind'];
  if (kind !== 'query' && kind !== 'submission') throw new Error(`${where}: x-sigil-kind must be query or submission`);
  if (kind !== PATH_KIND[match[1]]) throw new Error(`${where}: x-sigil-kind ${kind} contradicts the path`);

  const requestBody = op.requestBody?.content?.['application/json']?.schema;
  if (!requestBody) throw new Error(`${where}: requestBody has no application/json schema`);
  const okBody = op.responses?.['200']?.content?.['application/json']?.schema;
  const security = (op.security ?? doc.security ?? []).flatMap((requirement) => Object.keys(requirement));
  const acceptsSession = security.includes('ReadOnlySession');

  let activityType = null;
  let intentSchema = null;
  let resultSchema = null;
  if (kind === 'submission') {
    activityType = op['x-sigil-activity-type'];
    if (typeof activityType !== 'string' || !activityType.startsWith('ACTIVITY_TYPE_')) {
      throw new Error(`${where}: submission needs x-sigil-activity-type (got ${activityType})`);
    }
    intentSchema = op['x-sigil-intent'];
    if (typeof intentSchema !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(intentSchema)) {
      throw new Error(`${where}: submission needs x-sigil-intent naming its intent schema (got ${intentSchema})`);
    }
    resultSchema = op['x-sigil-result'];
    if (typeof resultSchema !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(resultSchema)) {
      throw new Error(`${where}: submission needs x-sigil-result naming its result schema (got ${resultSchema})`);
    }
    const results = doc.components?.schemas?.Result;
    if (results && !(lowerFirst(resultSchema) in properties(doc, results))) throw new Error(`${where}: the Result schema has no ${lowerFirst(resultSchema)}`);
    if (acceptsSession) throw new Error(`${where}: a submission cannot accept X-Session (ReadOnlySession)`);
  }
  return {
    name: match[2],
    operationId,
    kind,
    path,
    activityType,
    tag: op.tags?.[0] ?? null,
    summary: op.summary ?? null,
    requestSchema: refName(requestBody.$ref),
    responseSchema: refName(okBody?.$ref),
    intentSchema,
    resultSchema,
    intentKey: intentSchema && lowerFirst(intentSchema),
    resultKey: resultSchema && lowerFirst(resultSchema),
    acceptsSession,
    takesOrganizationId: 'organizationId' in properties(doc, requestBody),
  };
}

/** Every operation of the document and its error codes. */
export function buildCatalog(doc) {
  const errorCodes = catalogErrorCodes(doc);
  return { operations: catalogOperations(doc), errorCodes };
}

/** Every operation of the document, in document order. */
export function catalogOperations(doc) {
  const operations = [];
  const byId = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const entry = catalogOperation(doc, path, method, op);
      const where = `${method.toUpperCase()} ${path}`;
      if (byId.has(entry.operationId)) throw new Error(`${where}: operationId ${entry.operationId} is also used by ${byId.get(entry.operationId)}`);
      byId.set(entry.operationId, where);
      operations.push(entry);
    }
  }
  if (operations.length === 0) throw new Error('The document has no operations');
  return operations;
}

/** Queries first, then submissions, each by `key` (the order the SDK generators write methods in). */
export function sortQueriesFirst(operations, key = (op) => op.operationId) {
  return [...operations].sort((a, b) => (a.kind === b.kind ? key(a).localeCompare(key(b)) : a.kind === 'query' ? -1 : 1));
}
