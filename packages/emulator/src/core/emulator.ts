// createEmulator: the isomorphic core. A request is routed to its operation (from the API document),
// authenticated, validated against the document's request schema, scoped to an organization, and
// answered with the document's shapes. Submissions become activities decided by the root quorum and
// by policies (@sigil/policy). No Node APIs here (tsconfig.core.json compiles it without Node types).
import { jsonNestingDepth } from './json-depth.js';
import { ApiError, Code, invalid, violation } from './errors.js';
import { OPERATIONS, httpStatusOf, limit, type OperationSpec } from './document.js';
import { Database } from './store.js';
import { C, defineIndexes, type OrganizationRecord, type UserRecord } from './model.js';
import { resolveCaller, verifyRequestSignature, type VerifiedRequest } from './auth.js';
import { validateAgainst } from './validate.js';
import { checkCredentialScope } from './credential-scope.js';
import { checkOrganizationAccess } from './organization-access.js';
import { Activities } from './activities.js';
import { HANDLERS } from './handlers.js';
import { ApiErrorKeepingWrites } from './kept-writes.js';
import { emulatorRoute } from './emulator-routes.js';
import { OrganizationRateLimit, RateLimited } from './rate-limit.js';
import { activityOfRequest, requestDigestOf } from './replay.js';
import { Webhooks } from './webhooks.js';
import { bootstrapOrganization } from './bootstrap.js';
import type { BootstrapResult, Change, Emulator, EmulatorOptions, EmulatorRequest, EmulatorResponse } from './types.js';
import type { HandlerRegistry, RequestContext } from './handler-types.js';

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Content-Type, X-Stamp, X-Stamp-WebAuthn, X-Session',
  'access-control-allow-methods': 'POST, GET, DELETE, OPTIONS',
  'access-control-expose-headers': 'Retry-After, Allow',
};

function json(status: number, value: unknown): EmulatorResponse {
  return { status, headers: { 'content-type': 'application/json', ...CORS_HEADERS }, body: JSON.stringify(value) };
}

export function errorResponse(error: ApiError): EmulatorResponse {
  const response = json(httpStatusOf(error.code), { code: error.code, message: error.message, details: error.details });
  if (error instanceof RateLimited) response.headers['retry-after'] = String(error.retryAfterSeconds);
  return response;
}


const BODY_LIMIT_BYTES = limit<number>('request-body-max');
const BODY_DEPTH_LIMIT = limit<number>('request-body-max-depth');
const TIMESTAMP_MAX_AGE_MS = limit<number>('request-timestamp-max-age') * 1000;
const TIMESTAMP_MAX_SKEW_MS = limit<number>('request-timestamp-max-skew') * 1000;

// `application/json`, with parameters such as `; charset=utf-8` allowed; a body in any other media type is refused.
const JSON_MEDIA_TYPE = /^\s*application\/json\s*(;|$)/i;

/**
 * A method other than POST on an operation's path: a client's mistake, so HTTP 405 with `Allow: POST` (not the
 * 501 of code 12, which says the server lacks something) and the Status body of code 3, naming the method.
 */
function methodNotAllowed(operation: OperationSpec, method: string): EmulatorResponse {
  const message = `method: ${operation.name} is called with POST, not ${method}`;
  const response = json(405, { code: Code.INVALID_ARGUMENT, message, details: [violation('method', message)] });
  response.headers.allow = 'POST';
  return response;
}

function header(request: EmulatorRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) if (key.toLowerCase() === wanted && value !== undefined) return value;
  return undefined;
}

/** The answer for an operation of the document that has no handler (emulator.test.ts shows there is none). */
function unimplementedMessage(name: string): string {
  return `${name} is not implemented in this version of the Sigil emulator: the API document lists an operation it has no handler for`;
}

/** An emulator that answers every operation of the API document, starting from `options.state` or empty. */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  return createEmulatorWith(HANDLERS, options);
}

/**
 * The request pipeline around a handler registry: routing, authentication, validation and organization
 * access here, the answers in `handlers`, so the handlers never import the pipeline.
 */
export function createEmulatorWith(handlers: HandlerRegistry, options: EmulatorOptions = {}): Emulator {
  const now = options.now ?? (() => Date.now());
  const db = new Database();
  for (const [collection, records] of Object.entries(options.state?.collections ?? {})) {
    for (const [id, value] of records) db.apply(collection, id, value);
  }
  defineIndexes(db);
  db.takeChanges();
  const webhooks = new Webhooks(options.fetch ?? ((...args) => globalThis.fetch(...args)), now);
  const pendingPolls = options.pendingPolls ?? 0;
  if (!Number.isInteger(pendingPolls) || pendingPolls < 0) throw new RangeError(`pendingPolls must be a whole number of 0 or more (got ${pendingPolls})`);
  const activities = new Activities(db, webhooks, handlers.submissions, pendingPolls);
  const rateLimit = options.rateLimit === false ? undefined : new OrganizationRateLimit(options.rateClock ?? (() => performance.now()));

  /**
   * Settles once every commit handed to onCommit so far is stored. onCommit is called in request order
   * without waiting for the previous call's promise, so a store can group many requests into one write
   * (one fsync); each answer waits for its own commit and every earlier one.
   */
  let stored: Promise<void> = Promise.resolve();
  function commit(changes: Change[]): Promise<void> {
    // A response with no changes of its own may still show earlier requests' changes: it waits for them too.
    if (changes.length === 0 || !options.onCommit) return stored;
    let own: Promise<void>;
    try {
      own = Promise.resolve(options.onCommit(changes));
    } catch (error) {
      own = Promise.reject(error as Error);
    }
    const previous = stored;
    stored = previous.then(() => own);
    // Keeps a failure that no request is waiting for from surfacing as an unhandled rejection.
    stored.catch(() => undefined);
    own.catch(() => undefined);
    return stored;
  }

  interface Prepared {
    operation: OperationSpec;
    raw: string;
    fields: Record<string, unknown>;
    verified: VerifiedRequest;
  }

  /** Everything that may await (signature checks); reads no state that the synchronous part relies on. */
  async function prepare(request: EmulatorRequest): Promise<Prepared | EmulatorResponse> {
    const path = request.path.split('?')[0] ?? '';
    const method = request.method.toUpperCase();
    if (method === 'OPTIONS') return { status: 204, headers: { ...CORS_HEADERS }, body: '' };
    if (path === '/emulator/v1/health' && method === 'GET') return json(200, { status: 'ok' });
    if (path === '/emulator/v1/state' && method === 'GET') return json(200, db.exportState());
    const routed = emulatorRoute(db, method, request.path, now());
    if (routed) return json(routed.status, routed.body);
    const match = /^\/public\/v1\/(query|submit)\/([a-z0-9_]+)$/.exec(path);
    const operation = match ? OPERATIONS.get(match[2]!) : undefined;
    if (!operation || operation.path !== path) throw new ApiError(Code.NOT_FOUND, `no operation at ${path}: see the API reference for the paths`);
    if (method !== 'POST') return methodNotAllowed(operation, method);
    const contentType = header(request, 'Content-Type');
    if (contentType !== undefined && !JSON_MEDIA_TYPE.test(contentType)) {
      throw invalid('Content-Type', `Content-Type: must be application/json, not ${contentType.slice(0, 100)}`);
    }
    const raw = typeof request.body === 'string' ? request.body : '';
    if (raw.length > BODY_LIMIT_BYTES || new TextEncoder().encode(raw).length > BODY_LIMIT_BYTES) {
      throw invalid('body', `body: larger than ${BODY_LIMIT_BYTES} bytes (x-limits request-body-max)`);
    }
    if (jsonNestingDepth(raw, BODY_DEPTH_LIMIT) > BODY_DEPTH_LIMIT) {
      throw invalid('body', `body: nested deeper than ${BODY_DEPTH_LIMIT} levels (x-limits request-body-max-depth)`);
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw invalid('body', 'body: is not valid JSON');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('body', 'body: must be a JSON object');
    const verified = await verifyRequestSignature(db, {
      operation,
      raw,
      stamp: header(request, 'X-Stamp'),
      webauthn: header(request, 'X-Stamp-WebAuthn'),
      session: header(request, 'X-Session'),
    });
    return { operation, raw, fields: body as Record<string, unknown>, verified };
  }

  /**
   * The state-changing part of a request, synchronous so that no other request interleaves with it:
   * its writes form one transaction, rolled back whole if it fails.
   */
  function execute({ operation, raw, fields, verified }: Prepared): EmulatorResponse {
    const requestedOrganization = typeof fields.organizationId === 'string' ? fields.organizationId : undefined;
    const at = now();
    const caller = resolveCaller(db, verified, requestedOrganization, at);
    // The passkey counter written by resolveCaller stays even if the request fails (replay protection).
    const afterAuthentication = db.savepoint();
    try {
      const overLimit = rateLimit?.take(requestedOrganization ?? caller.user.organizationId);
      if (overLimit) throw overLimit;
      validateAgainst(operation.requestRef, fields);
      checkCredentialScope(operation, caller);
      const organization = db.get<OrganizationRecord>(C.organizations, fields.organizationId as string);
      if (!organization) throw new ApiError(Code.NOT_FOUND, `organization ${String(fields.organizationId)} not found`);
      checkOrganizationAccess(db, operation, caller, organization);
      const context: RequestContext = { db, now: at, operation, raw, body: fields, caller, organization, activities };
      if (operation.kind === 'query') {
        const handler = handlers.queries[operation.name];
        if (!handler) throw new ApiError(Code.UNIMPLEMENTED, unimplementedMessage(operation.name));
        return json(200, handler(context));
      }
      const timestamp = Number(fields.timestampMs);
      if (timestamp < at - TIMESTAMP_MAX_AGE_MS) {
        throw invalid('timestampMs', `timestampMs: more than ${TIMESTAMP_MAX_AGE_MS / 1000} seconds in the past; stamp each request with the current time`);
      }
      if (timestamp > at + TIMESTAMP_MAX_SKEW_MS) {
        throw invalid('timestampMs', `timestampMs: more than ${TIMESTAMP_MAX_SKEW_MS / 1000} seconds in the future; check the client's clock`);
      }
      const digest = requestDigestOf(caller.credential.publicKey, raw);
      const earlier = activityOfRequest(db, organization.organizationId, digest);
      if (earlier) return json(200, { activity: activities.view(earlier, caller.user) });
      return json(200, { activity: activities.submit(context, handlers.submissions[operation.name], digest) });
    } catch (error) {
      db.rollback(afterAuthentication);
      if (error instanceof ApiErrorKeepingWrites) for (const w of error.writes) w.value === null ? db.delete(w.collection, w.id) : db.put(w.collection, w.id, w.value);
      throw error;
    }
  }

  function failure(error: unknown): EmulatorResponse {
    if (error instanceof ApiError) return errorResponse(error);
    return errorResponse(new ApiError(Code.INTERNAL, `emulator bug: ${error instanceof Error ? error.message : String(error)}`));
  }

  return {
    async handle(request) {
      let response: EmulatorResponse;
      let changes: Change[] = [];
      try {
        const prepared = await prepare(request);
        if ('status' in prepared) response = prepared;
        else {
          try {
            response = execute(prepared);
          } catch (error) {
            webhooks.discard();
            response = failure(error);
          }
        }
        // Taken synchronously after execute, so the changes are exactly this request's.
        changes = db.takeChanges();
      } catch (error) {
        response = failure(error);
      }
      try {
        await commit(changes);
      } catch (error) {
        return errorResponse(new ApiError(Code.UNAVAILABLE, `the change could not be stored: ${error instanceof Error ? error.message : String(error)}`));
      }
      webhooks.flush();
      return response;
    },
    async bootstrap(input) {
      let result: BootstrapResult;
      try {
        result = bootstrapOrganization(db, input, now());
      } catch (error) {
        db.rollback(0);
        db.takeChanges();
        throw error;
      }
      await commit(db.takeChanges());
      return result;
    },
    organizations() {
      return db
        .all<OrganizationRecord>(C.organizations)
        .filter((o) => o.parentOrganizationId === null)
        .map((o) => ({ organizationId: o.organizationId, organizationName: o.organizationName, rootUserIds: [...o.rootQuorum.userIds] }));
    },
    exportState: () => db.exportState(),
    applyChanges(changes) {
      for (const change of changes) db.apply(change.collection, change.id, change.value);
    },
    async close() {
      await webhooks.close();
    },
  };
}

export type { UserRecord };
