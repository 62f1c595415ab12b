// The activity lifecycle: creation with its fingerprint, the decision (root quorum, then policies via
// @sigil/policy), votes, and the transitions CONSENSUS_NEEDED -> COMPLETED / FAILED / REJECTED.
// By default activities run before the response, so CREATED and PENDING are never visible in answers; with the
// pendingPolls option a new activity waits in PENDING for that many get_activity reads, for polling clients.
import { ROOT_QUORUM_ACTIVITY_TYPES, compilePolicy, evaluatePolicies, type Policy, type PolicyRequest } from '@sigil/policy';
import { ApiError, Code, denied, notFound, precondition } from './errors.js';
import { canonicalJson, sha256Hex, uuid } from './encoding.js';
import { C, ts, userView, type ActivityRecord, type OrganizationRecord, type PolicyRecord, type UserRecord, type VoteRecord } from './model.js';
import { cloneRecord, type Database } from './store.js';
import { OPERATIONS } from './document.js';
import type { ActivityLedger, ExecutionContext, RequestContext, Submission } from './handler-types.js';
import type { Webhooks } from './webhooks.js';

/** What the root quorum and the policies decide for an activity; a refusal carries its error. */
type Decision = { outcome: 'RUN' } | { outcome: 'CONSENSUS_NEEDED' } | { outcome: 'DENY'; denial: ApiError };
const RUN: Decision = { outcome: 'RUN' };
const CONSENSUS_NEEDED: Decision = { outcome: 'CONSENSUS_NEEDED' };

const APPROVE = 'ACTIVITY_TYPE_APPROVE_ACTIVITY';
const REJECT = 'ACTIVITY_TYPE_REJECT_ACTIVITY';

export const fingerprintOf = (a: { id: string; organizationId: string; type: string; intent: unknown }): string =>
  `sha256:${sha256Hex(canonicalJson({ id: a.id, organizationId: a.organizationId, type: a.type, intent: a.intent }))}`;

export class Activities implements ActivityLedger {
  constructor(
    private readonly db: Database,
    private readonly webhooks: Webhooks,
    private readonly submissions: Readonly<Record<string, Submission>>,
    /** get_activity reads a new activity stays in ACTIVITY_STATUS_PENDING for before it runs; 0 runs it at once. */
    private readonly pendingPolls = 0,
  ) {}

  private nextSeq(): number {
    const meta = this.db.get<{ value: number }>(C.meta, 'activitySequence');
    const next = (meta?.value ?? 0) + 1;
    this.db.put(C.meta, 'activitySequence', { value: next });
    return next;
  }

  private save(activity: ActivityRecord): void {
    this.db.put(C.activities, activity.id, activity);
    const organization = this.db.get<OrganizationRecord>(C.organizations, activity.organizationId);
    const url = organization?.features.find((f) => f.name === 'FEATURE_NAME_WEBHOOK')?.value;
    if (url) this.webhooks.enqueue(url, organization?.webhookSigningKey, () => ({ activity: this.view(activity, undefined) }));
  }

  /** The Activity schema's shape, with canApprove / canReject for `viewer`. */
  view(activity: ActivityRecord, viewer: UserRecord | undefined) {
    const votes = activity.votes.map((vote) => this.voteView(activity, vote));
    const may = viewer ? this.mayVote(activity, viewer) : false;
    return {
      id: activity.id,
      organizationId: activity.organizationId,
      status: activity.status,
      type: activity.type,
      intent: activity.intent,
      result: activity.result,
      votes,
      fingerprint: activity.fingerprint,
      canApprove: may,
      canReject: may,
      createdAt: ts(activity.createdAtMs),
      updatedAt: ts(activity.updatedAtMs),
      ...(activity.failure ? { failure: activity.failure } : {}),
    };
  }

  private voteView(activity: ActivityRecord, vote: VoteRecord) {
    const user = this.db.get<UserRecord>(C.users, vote.userId);
    const shownUser = user
      ? userView(this.db, user, vote.createdAtMs)
      : { userId: vote.userId, userName: '(deleted user)', authenticators: [], apiKeys: [], userTags: [], oauthProviders: [], createdAt: ts(0), updatedAt: ts(0) };
    return {
      id: vote.id,
      userId: vote.userId,
      user: shownUser,
      activityId: activity.id,
      selection: vote.selection,
      message: vote.message,
      publicKey: vote.publicKey,
      signature: vote.signature,
      scheme: vote.scheme,
      createdAt: ts(vote.createdAtMs),
    };
  }

  private isRootQuorumType(type: string): boolean {
    return ROOT_QUORUM_ACTIVITY_TYPES.includes(type);
  }

  /**
   * A user may vote while the activity waits, once, if it is not their own, and if their vote counts: for a
   * root-quorum activity only root users count; for any other activity a root user counts (the root quorum stands
   * above policies), and so does a user whom the consensus of a waiting allow policy counts (see countedBy).
   */
  private mayVote(activity: ActivityRecord, user: UserRecord): boolean {
    return this.voteRefusal(activity, user) === undefined;
  }

  /** Why `user` cannot vote on `activity`, or undefined when they can. */
  private voteRefusal(activity: ActivityRecord, user: UserRecord): ApiError | undefined {
    if (activity.status !== 'ACTIVITY_STATUS_CONSENSUS_NEEDED') {
      return precondition(`activity ${activity.id} is ${activity.status}; only an activity in ACTIVITY_STATUS_CONSENSUS_NEEDED takes votes`, 'parameters.fingerprint');
    }
    if (user.organizationId !== activity.organizationId) return denied(`user ${user.userId} is not a user of organization ${activity.organizationId}`);
    if (user.userId === activity.userId) return precondition('the user who submitted an activity cannot vote on it', 'parameters.fingerprint');
    if (activity.votes.some((v) => v.userId === user.userId)) {
      return new ApiError(Code.ALREADY_EXISTS, `user ${user.userId} already voted on activity ${activity.id}`);
    }
    const organization = this.decidingOrganization(activity);
    if (organization.rootQuorum.userIds.includes(user.userId)) return undefined;
    if (this.isRootQuorumType(activity.type)) {
      return denied(`only root users vote on ${activity.type}: the root quorum decides it, and user ${user.userId} is not in it`);
    }
    const submission = this.submissions[activity.operation];
    try {
      if (submission && this.countedBy(activity, submission, user).length > 0) return undefined;
    } catch (error) {
      // The submitter or the organization is gone: nothing can count the vote (and a read must not fail on it).
      if (error instanceof ApiError) return error;
      throw error;
    }
    return denied(
      `the vote of user ${user.userId} does not count on activity ${activity.id}: they are not a root user, and no waiting policy's consensus counts them`,
    );
  }

  /** The organization whose root quorum and policies decide the activity: the submitter's. */
  private decidingOrganization(activity: ActivityRecord): OrganizationRecord {
    const deciding = this.db.get<UserRecord>(C.users, activity.userId)?.organizationId ?? activity.organizationId;
    return this.db.get<OrganizationRecord>(C.organizations, deciding)!;
  }

  /**
   * The waiting allow policies (condition true, consensus not met) whose consensus counts `user`. A consensus counts
   * a user when it would be met if every approver were that user (same ID, name and tags), as many approvers as the
   * organization has users: `approvers.count() >= 2` counts everyone, a filter on a tag counts the users with the
   * tag, `approvers.any(u, u.id == '…')` counts that one user. Votes of users no consensus counts are refused, so
   * they can neither help nor, through an expression like `approvers.all(…)`, block an activity.
   */
  private countedBy(activity: ActivityRecord, submission: Submission, user: UserRecord): string[] {
    const organization = this.decidingOrganization(activity);
    const policies = this.db.lookupRecords<PolicyRecord>('policiesByOrg', organization.organizationId, C.policies).map((p) => this.compiled(p));
    const parameters = activity.intent[Object.keys(activity.intent)[0]!] as Record<string, unknown>;
    const request = this.policyRequest(activity, submission, parameters);
    const waiting = evaluatePolicies(policies, request).matched.flatMap((m, i) => (m.status === 'AWAITING_CONSENSUS' ? [policies[i]!] : []));
    if (waiting.length === 0) return [];
    const copies = Math.max(1, this.db.lookup('usersByOrg', organization.organizationId).length);
    const likeUser = Array.from({ length: copies }, () => ({ id: user.userId, name: user.userName, tags: user.userTags }));
    return waiting.filter((p) => evaluatePolicies([p], { ...request, approvers: likeUser }).outcome === 'ALLOW').map((p) => p.policyName);
  }

  /** The policy engine's view of the activity, with its current approvers. */
  private policyRequest(activity: ActivityRecord, submission: Submission, parameters: Record<string, unknown>): PolicyRequest {
    const user = this.db.get<UserRecord>(C.users, activity.userId);
    const approverContext = activity.votes
      .filter((v) => v.selection === 'VOTE_SELECTION_APPROVED')
      .map((v) => this.db.get<UserRecord>(C.users, v.userId))
      .filter((u): u is UserRecord => u !== undefined)
      .map((u) => ({ id: u.userId, name: u.userName, tags: u.userTags }));
    let extra: Partial<PolicyRequest> = {};
    if (submission.policyContext) extra = submission.policyContext(this.executionContext(activity, activity.updatedAtMs), parameters);
    return {
      ...extra,
      activity: { type: activity.type },
      user: user ? { id: user.userId, name: user.userName, tags: user.userTags } : undefined,
      credentials: [{ type: activity.credential.type, public_key: activity.credential.publicKey }],
      approvers: approverContext,
    };
  }

  /** Creates the activity of a submission; `requestDigest` (replay.ts) lets an identical resend find it. */
  submit(context: RequestContext, submission: Submission | undefined, requestDigest: string) {
    const { operation, caller, organization, now } = context;
    const parameters = context.body.parameters as Record<string, unknown>;
    const type = operation.activityType!;
    const id = uuid();
    const intent = { [operation.intentKey!]: parameters };
    const activity: ActivityRecord = {
      id,
      seq: this.nextSeq(),
      organizationId: organization.organizationId,
      status: 'ACTIVITY_STATUS_CREATED',
      type,
      operation: operation.name,
      intent,
      result: {},
      votes: [],
      fingerprint: fingerprintOf({ id, organizationId: organization.organizationId, type, intent }),
      userId: caller.user.userId,
      credential: caller.credential,
      requestDigest,
      createdAtMs: now,
      updatedAtMs: now,
    };
    if (type === APPROVE || type === REJECT) {
      const voted = this.vote(context, activity, type === APPROVE ? 'VOTE_SELECTION_APPROVED' : 'VOTE_SELECTION_REJECTED', String(parameters.fingerprint));
      activity.status = 'ACTIVITY_STATUS_COMPLETED';
      activity.result = { [operation.resultKey!]: { activityId: voted.id } };
      this.save(activity);
      return this.view(activity, caller.user);
    }
    if (!submission) throw new ApiError(Code.UNIMPLEMENTED, `${operation.name} has no handler in this emulator version`);
    const decision = this.decide(activity, submission, parameters);
    if (decision.outcome === 'DENY') throw decision.denial;
    if (decision.outcome === 'CONSENSUS_NEEDED') {
      activity.status = 'ACTIVITY_STATUS_CONSENSUS_NEEDED';
      this.save(activity);
      return this.view(activity, caller.user);
    }
    if (this.pendingPolls > 0) {
      // Decided now (a refusal is still a request error); carried out on a later get_activity read.
      activity.status = 'ACTIVITY_STATUS_PENDING';
      activity.pendingReads = this.pendingPolls;
      this.save(activity);
      return this.view(activity, caller.user);
    }
    // Runs now: an error is a request error and nothing, not even the activity, is kept.
    activity.result = { [operation.resultKey!]: submission.execute(this.executionContext(activity, now), parameters) };
    activity.status = 'ACTIVITY_STATUS_COMPLETED';
    this.save(activity);
    return this.view(activity, caller.user);
  }

  private executionContext(activity: ActivityRecord, now: number): ExecutionContext {
    const organization = this.db.get<OrganizationRecord>(C.organizations, activity.organizationId);
    const user = this.db.get<UserRecord>(C.users, activity.userId);
    if (!organization || !user) throw precondition('the organization or the user who submitted the activity no longer exists');
    return { db: this.db, now, organization, user, activityId: activity.id, credential: activity.credential };
  }

  /**
   * Parsed policies, kept beside the stored records rather than in the state. Keyed by record object: the store
   * replaces a record on every write, so an updated policy is parsed again and a deleted one is dropped.
   */
  private readonly compiledPolicies = new WeakMap<PolicyRecord, Readonly<Policy>>();

  private compiled(record: PolicyRecord): Readonly<Policy> {
    let policy = this.compiledPolicies.get(record);
    if (!policy) {
      const { policyId, policyName, effect, condition, consensus } = record;
      policy = compilePolicy({ policyId, policyName, effect, condition, consensus });
      this.compiledPolicies.set(record, policy);
    }
    return policy;
  }

  /**
   * Root quorum first, then policies; a DENY carries the error to answer. A root user's request that policies
   * do not allow waits for the rest of the root quorum instead of being refused: their own request is the quorum's
   * first approval, so with a threshold above 1 and no policy the organization is not locked.
   */
  private decide(activity: ActivityRecord, submission: Submission, parameters: Record<string, unknown>): Decision {
    const organization = this.decidingOrganization(activity);
    const rootUsers = new Set(organization.rootQuorum.userIds);
    const approvers = activity.votes.filter((v) => v.selection === 'VOTE_SELECTION_APPROVED').map((v) => v.userId);
    // The submitter's own request counts as their approval for the root quorum (never for policies).
    const rootApprovals = new Set([activity.userId, ...approvers].filter((userId) => rootUsers.has(userId)));
    const quorumMet = rootApprovals.size >= organization.rootQuorum.threshold;
    if (this.isRootQuorumType(activity.type)) return quorumMet ? RUN : CONSENSUS_NEEDED;
    if (quorumMet) return RUN;
    const policies = this.db.lookupRecords<PolicyRecord>('policiesByOrg', organization.organizationId, C.policies);
    const verdict = evaluatePolicies(
      policies.map((p) => this.compiled(p)),
      this.policyRequest(activity, submission, parameters),
    );
    if (verdict.outcome === 'ALLOW' || verdict.outcome === 'ROOT_QUORUM') return RUN;
    if (verdict.outcome === 'CONSENSUS_NEEDED') return CONSENSUS_NEEDED;
    if (rootUsers.has(activity.userId)) return CONSENSUS_NEEDED;
    return { outcome: 'DENY', denial: denied(verdict.reason) };
  }

  private vote(context: RequestContext, voteActivity: ActivityRecord, selection: VoteRecord['selection'], fingerprint: string): ActivityRecord {
    const { caller, now } = context;
    const target = this.db
      .lookupRecords<ActivityRecord>('activitiesByFingerprint', fingerprint, C.activities)
      .find((a) => a.organizationId === voteActivity.organizationId);
    if (!target) throw notFound(`no activity of organization ${voteActivity.organizationId} has fingerprint ${fingerprint}`, 'parameters.fingerprint');
    const refusal = this.voteRefusal(target, caller.user);
    if (refusal) throw refusal;
    const updated: ActivityRecord = structuredClone(target);
    updated.votes.push({
      id: uuid(),
      userId: caller.user.userId,
      selection,
      message: context.raw,
      publicKey: caller.credential.publicKey,
      signature: caller.signature,
      scheme: caller.scheme,
      createdAtMs: now,
    });
    updated.updatedAtMs = now;
    if (selection === 'VOTE_SELECTION_REJECTED') {
      updated.status = 'ACTIVITY_STATUS_REJECTED';
      this.save(updated);
      return updated;
    }
    const submission = this.submissions[updated.operation];
    const parameters = updated.intent[Object.keys(updated.intent)[0]!] as Record<string, unknown>;
    const decision: Decision = submission ? this.decide(updated, submission, parameters) : { outcome: 'DENY', denial: new ApiError(Code.UNIMPLEMENTED, `${updated.operation} has no handler in this emulator version`) };
    if (decision.outcome === 'CONSENSUS_NEEDED') {
      this.save(updated);
      return updated;
    }
    if (decision.outcome === 'DENY') {
      updated.status = 'ACTIVITY_STATUS_FAILED';
      updated.failure = { code: decision.denial.code, message: decision.denial.message, details: [] };
      this.save(updated);
      return updated;
    }
    this.carryOut(updated, submission!, parameters, now);
    return updated;
  }

  /**
   * A get_activity read: a PENDING activity (pendingPolls) counts the read down and, once it has been read
   * pendingPolls times, runs. Returns the activity as it is after the read.
   */
  read(activity: ActivityRecord, now: number): ActivityRecord {
    if (activity.status !== 'ACTIVITY_STATUS_PENDING' || activity.pendingReads === undefined) return activity;
    const updated = cloneRecord(activity);
    if (updated.pendingReads! > 0) {
      updated.pendingReads!--;
      this.db.put(C.activities, updated.id, updated);
      return updated;
    }
    delete updated.pendingReads;
    updated.updatedAtMs = now;
    const submission = this.submissions[updated.operation];
    const parameters = updated.intent[Object.keys(updated.intent)[0]!] as Record<string, unknown>;
    if (!submission) {
      updated.status = 'ACTIVITY_STATUS_FAILED';
      updated.failure = { code: Code.UNIMPLEMENTED, message: `${updated.operation} has no handler in this emulator version`, details: [] };
      this.save(updated);
      return updated;
    }
    this.carryOut(updated, submission, parameters, now);
    return updated;
  }

  /** Runs a decided activity later than its submission; if it cannot be carried out any more, it fails and its partial writes are undone. */
  private carryOut(updated: ActivityRecord, submission: Submission, parameters: Record<string, unknown>, now: number): void {
    const savepoint = this.db.savepoint();
    try {
      updated.result = { [resultKeyOf(updated)]: submission.execute(this.executionContext(updated, now), parameters) };
      updated.status = 'ACTIVITY_STATUS_COMPLETED';
    } catch (error) {
      this.db.rollback(savepoint);
      const failure = error instanceof ApiError ? error : new ApiError(Code.INTERNAL, `emulator bug: ${error instanceof Error ? error.message : String(error)}`);
      updated.status = 'ACTIVITY_STATUS_FAILED';
      updated.failure = { code: failure.code, message: failure.message, details: failure.details };
    }
    this.save(updated);
  }
}

function resultKeyOf(activity: ActivityRecord): string {
  return OPERATIONS.get(activity.operation)?.resultKey ?? `${activity.operation}Result`;
}
