// Rules of the Sigil API that JSON Schema cannot express. The document states
// them in prose; this module lets clients and tests check them the same way.

/** Outcome of a rule check: either fine, or which field breaks which rule. */
export type RuleResult =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** Stable identifier of the broken rule. */
      readonly rule: RuleId;
      /** Path of the offending field inside the intent, e.g. `rootQuorumThreshold`. */
      readonly field: string;
      /** A developer-facing explanation. */
      readonly message: string;
    };

export type RuleId =
  | 'QUORUM_THRESHOLD_NOT_POSITIVE_INTEGER'
  | 'QUORUM_THRESHOLD_EXCEEDS_MEMBERS'
  | 'QUORUM_HAS_NO_MEMBERS';

const OK: RuleResult = { ok: true };

/** The two intents that set a root quorum. */
export type RootQuorumInput =
  | { readonly rootQuorumThreshold: number; readonly rootUsers: readonly unknown[] }
  | { readonly threshold: number; readonly userIds: readonly unknown[] };

/**
 * Checks that a root quorum can ever be met: the threshold is a whole number of
 * at least 1 and at most the number of root users. Accepts a
 * `CreateSubOrganizationIntentV7` (`rootQuorumThreshold`, `rootUsers`) or an
 * `UpdateRootQuorumIntent` (`threshold`, `userIds`).
 */
export function checkRootQuorum(intent: RootQuorumInput): RuleResult {
  const [threshold, members, thresholdField, membersField] =
    'rootQuorumThreshold' in intent
      ? [intent.rootQuorumThreshold, intent.rootUsers.length, 'rootQuorumThreshold', 'rootUsers']
      : [intent.threshold, intent.userIds.length, 'threshold', 'userIds'];
  if (members === 0) {
    return { ok: false, rule: 'QUORUM_HAS_NO_MEMBERS', field: membersField, message: `${membersField} must list at least one user` };
  }
  if (!Number.isInteger(threshold) || threshold < 1) {
    return {
      ok: false,
      rule: 'QUORUM_THRESHOLD_NOT_POSITIVE_INTEGER',
      field: thresholdField,
      message: `${thresholdField} must be a whole number of at least 1, got ${threshold}`,
    };
  }
  if (threshold > members) {
    return {
      ok: false,
      rule: 'QUORUM_THRESHOLD_EXCEEDS_MEMBERS',
      field: thresholdField,
      message: `${thresholdField} is ${threshold} but only ${members} ${members === 1 ? 'user is' : 'users are'} in ${membersField}; the quorum could never be met`,
    };
  }
  return OK;
}

/** How Sigil treats `deleteWithoutExport` for one wallet or private key. */
export interface DeleteWithoutExportDecision {
  /** The value Sigil acts on. Always false for an item that was already exported. */
  readonly effective: boolean;
  /** True when you sent `true` but the item was already exported, so the flag made no difference. */
  readonly ignored: boolean;
  /** Whether the deletion may go ahead. */
  readonly deletable: boolean;
}

/**
 * Applies the export-before-delete rule to one item. An item that was
 * exported can always be deleted and the flag is ignored; an item that was
 * never exported can be deleted only when the flag is true. The flag defaults
 * to false when left out.
 */
export function effectiveDeleteWithoutExport(
  item: { readonly exported: boolean },
  flag: boolean | undefined,
): DeleteWithoutExportDecision {
  const requested = flag ?? false;
  if (item.exported) return { effective: false, ignored: requested, deletable: true };
  return { effective: requested, ignored: false, deletable: requested };
}

/**
 * Applies the export-before-delete rule to every item of a `delete_wallets`,
 * `delete_private_keys` or `delete_sub_organization` request and returns the
 * items that would block it. An empty list means Sigil will accept the deletion.
 */
export function blockingDeletions<T extends { readonly exported: boolean }>(
  items: readonly T[],
  flag: boolean | undefined,
): T[] {
  return items.filter((item) => !effectiveDeleteWithoutExport(item, flag).deletable);
}
