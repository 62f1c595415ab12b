// The contract between the request pipeline (emulator.ts, activities.ts) and the handlers (queries,
// submissions): what a handler receives and returns, and the registry that createEmulator is given. Types
// only, imported by both sides and importing neither, so the layers run one way: request -> routing ->
// handlers -> store.
//
// Parameters are typed from the API document's generated schema types (@sigil/api-spec): a query sees its
// request schema, a submission its intent schema. The body is validated against that schema before any
// handler runs, so the types say what the handler can rely on (and what it cannot: optional stays optional).
import type { Operation, QueryName, Schemas, SubmissionName } from '@sigil/api-spec';
import type { PolicyRequest } from '@sigil/policy';
import type { Caller } from './auth.js';
import type { OperationSpec } from './document.js';
import type { ActivityRecord, OrganizationRecord, UserRecord } from './model.js';
import type { Database } from './store.js';

type OperationNamed<Name extends string> = Extract<Operation, { name: Name }>;

/** A submission's `parameters`: the operation's intent schema. */
export type SubmissionParameters<Name extends SubmissionName> = OperationNamed<Name> extends { intentSchema: infer S extends keyof Schemas } ? Schemas[S] : never;

/** A query's body: the operation's request schema. */
export type QueryBody<Name extends QueryName> = OperationNamed<Name> extends { requestSchema: infer S extends keyof Schemas } ? Schemas[S] : never;

/** What the activity ledger offers the handlers of one request (activities.ts implements it). */
export interface ActivityLedger {
  /** The Activity schema's shape, with canApprove / canReject for `viewer`. */
  view(activity: ActivityRecord, viewer: UserRecord | undefined): unknown;
  /** A get_activity read, which may run a PENDING activity; the activity as it is after the read. */
  read(activity: ActivityRecord, now: number): ActivityRecord;
}

/** Everything a query can reach for one request; `Body` is the operation's request schema. */
export interface RequestContext<Body = Record<string, unknown>> {
  db: Database;
  now: number;
  operation: OperationSpec;
  /** The exact body, as signed. */
  raw: string;
  body: Body;
  caller: Caller;
  /** The organization named by the body's organizationId. */
  organization: OrganizationRecord;
  activities: ActivityLedger;
}

/**
 * What a submission handler sees when its activity runs: the context of the original submission. Read-only:
 * a handler changes state through `db` and answers with its result, never by editing the context.
 */
export interface ExecutionContext {
  readonly db: Database;
  readonly now: number;
  readonly organization: OrganizationRecord;
  /** The user who submitted the activity. */
  readonly user: UserRecord;
  readonly activityId: string;
  /** The credential that stamped the submission (recover_user must be stamped with a recovery credential). */
  readonly credential?: { type: string; publicKey: string };
}

/**
 * One submission's handler. Written with method syntax on purpose: the registry keeps handlers of every
 * intent type under one `Submission` type, and method parameters may be narrower there.
 */
export interface Submission<Parameters = Record<string, unknown>> {
  /** Carries the intent out; returns the result object (without its key). Throws ApiError to refuse. */
  execute(context: ExecutionContext, parameters: Parameters): Record<string, unknown>;
  /** Extra policy context for the intent (wallet, private key, …). */
  policyContext?(context: ExecutionContext, parameters: Parameters): Partial<PolicyRequest>;
}

/**
 * One query's handler: the answer in the operation's response shape. Declared through a method so that its
 * parameter is checked bivariantly, as Submission's are: the registry holds queries of every body type.
 */
export type Query<Body = Record<string, unknown>> = { answer(context: RequestContext<Body>): unknown }['answer'];

/** Submission handlers by operation name, each typed by its own intent schema. */
export type SubmissionHandlers = { [Name in SubmissionName]?: Submission<SubmissionParameters<Name>> };

/** Query handlers by operation name, each typed by its own request schema. */
export type QueryHandlers = { [Name in QueryName]?: Query<QueryBody<Name>> };

/** Every handler of the emulator, built in handlers.ts and given to createEmulator. */
export interface HandlerRegistry {
  queries: Readonly<Record<string, Query>>;
  submissions: Readonly<Record<string, Submission>>;
}
