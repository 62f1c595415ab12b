// Writes each operation's `x-errors` into paths/*.yaml: the codes of the root `x-error-codes` that this
// operation answers beyond those every call can answer (the root `x-common-errors`), each with when it
// happens for this operation. The table below is the one place to change; run
// `node scripts/generate-operation-errors.mjs && npm run build` after editing it. The emulator is the arbiter:
// packages/emulator/src/conformance/operation-errors.test.ts provokes every listed error of a sample of
// operations, and error-codes.test.ts fails when an operation answers a code neither list names.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseDocument, stringify } from 'yaml';

const PATHS = new URL('../paths/', import.meta.url);

const POLICY = 'No policy allows the request, or a policy denies it, and the root quorum has not approved it.';
const missing = (what, field) => `\`${field}\` names no ${what} of the organization.`;
const limit = (id, what) => `The request would exceed \`${id}\` (see \`x-limits\`): ${what}.`;
const cursor = 'A `paginationOptions` cursor (`before` or `after`) names no item of the list.';
const featureOff = 'The sign-in method is switched off for this organization (its features, or the settings it was created with).';

/** Operation-specific errors: code and when. Submissions (but votes) also get PERMISSION_DENIED for policies. */
const ERRORS = {
  // Activities
  get_activity: [[5, missing('activity', 'activityId')]],
  list_activities: [[11, cursor]],
  approve_activity: [
    [5, 'No activity of the organization has this `fingerprint`.'],
    [6, 'The caller already voted on the activity.'],
    [7, 'The caller’s vote does not count: they are not a root user, and no waiting policy’s consensus counts them (for a root-quorum activity, only root users vote).'],
    [9, 'The activity is not waiting in `ACTIVITY_STATUS_CONSENSUS_NEEDED`, or the caller submitted it.'],
  ],
  reject_activity: [
    [5, 'No activity of the organization has this `fingerprint`.'],
    [6, 'The caller already voted on the activity.'],
    [7, 'The caller’s vote does not count: they are not a root user, and no waiting policy’s consensus counts them (for a root-quorum activity, only root users vote).'],
    [9, 'The activity is not waiting in `ACTIVITY_STATUS_CONSENSUS_NEEDED`, or the caller submitted it.'],
  ],
  // Authentication
  email_auth: [[5, 'No user of the organization has the email address.'], [8, limit('api-keys-per-user', 'the user already holds as many API keys as allowed; send `invalidateExisting: true`')], [9, featureOff]],
  init_otp_auth: [[5, 'No user of the organization has the contact (email address or phone number).'], [9, featureOff]],
  otp_auth: [
    [5, '`otpId` names no one-time code of the organization, or its user no longer exists.'],
    [8, limit('api-keys-per-user', 'the user already holds as many API keys as allowed; send `invalidateExisting: true`')],
    [9, 'The one-time code was already used, expired (`otp-code-lifetime`) or had too many wrong attempts (`otp-attempts-max`); request a new one with `init_otp_auth`.'],
  ],
  oauth: [[5, 'No user of the organization has linked the identity of the OIDC token.'], [8, limit('api-keys-per-user', 'the user already holds as many API keys as allowed; send `invalidateExisting: true`')]],
  init_user_email_recovery: [[5, 'No user of the organization has the email address.'], [9, 'The user is a root user and `FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY` is off, or email recovery is switched off.']],
  recover_user: [[5, missing('user', 'userId')], [8, limit('authenticators-per-user', 'the user already has as many passkeys as allowed')]],
  // Import and export
  export_wallet: [[5, missing('wallet', 'walletId')], [12, 'The word list of `language` is not available in this deployment.']],
  export_wallet_account: [[5, 'No wallet account of the organization has `address`.']],
  init_import_wallet: [[5, missing('user', 'userId')]],
  import_wallet: [[5, missing('user', 'userId')], [6, 'A wallet with the same name, or an account with one of its addresses, already exists.'], [8, limit('wallets-per-organization', 'the organization already holds as many wallets as allowed')]],
  export_private_key: [[5, missing('private key', 'privateKeyId')]],
  init_import_private_key: [[5, missing('user', 'userId')]],
  import_private_key: [[5, missing('user', 'userId')], [6, 'A private key with the same name, or the same key, is already in the organization.'], [8, limit('private-keys-per-organization', 'the organization already holds as many private keys as allowed')]],
  // Organizations
  get_organization_configs: [],
  whoami: [],
  update_root_quorum: [[5, 'A user in `userIds` is not a user of the organization.']],
  set_organization_feature: [],
  remove_organization_feature: [[5, 'The feature `name` is not set.']],
  create_sub_organization: [
    [6, 'Two of the new organization’s credentials are the same API key or passkey.'],
    [8, limit('sub-organizations-per-organization', 'the parent already has as many sub-organizations as allowed; or `users-per-organization` for `rootUsers`')],
    [12, 'A wallet account’s `addressFormat` is not available in this deployment.'],
  ],
  delete_sub_organization: [
    [9, 'The organization in `organizationId` is not a sub-organization (it has no parent); or it holds a wallet or private key that was never exported and `deleteWithoutExport` is not `true`.'],
  ],
  list_suborgs: [[5, 'A `filterType` is sent without `filterValue`.'], [11, cursor]],
  list_verified_suborgs: [[11, cursor]],
  // Policies
  get_policy: [[5, missing('policy', 'policyId')]],
  list_policies: [],
  create_policy: [[6, 'A policy with the same `policyName` already exists.'], [8, limit('policies-per-organization', 'the organization already holds as many policies as allowed')]],
  create_policies: [[6, 'A policy with one of the `policyName`s already exists, or two new policies share a name.'], [8, limit('policies-per-organization', 'the organization already holds as many policies as allowed')]],
  update_policy: [[5, missing('policy', 'policyId')], [6, 'Another policy already has the new `policyName`.']],
  delete_policy: [[5, missing('policy', 'policyId')]],
  // Private keys
  get_private_key: [[5, missing('private key', 'privateKeyId')]],
  list_private_keys: [],
  create_private_keys: [
    [5, 'A tag in `privateKeyTags` names no private key tag of the organization.'],
    [6, 'A private key with one of the names already exists.'],
    [8, limit('private-keys-per-organization', 'the organization already holds as many private keys as allowed')],
    [12, 'One of the `addressFormats` is not available in this deployment.'],
  ],
  delete_private_keys: [[5, 'An ID in `privateKeyIds` names no private key of the organization.'], [9, 'A private key was never exported and `deleteWithoutExport` is not `true`.']],
  // Sessions
  create_read_only_session: [],
  create_read_write_session: [[8, limit('api-keys-per-user', 'the user already holds as many API keys as allowed; send `invalidateExisting: true`')]],
  // Signing
  sign_raw_payload: [[5, '`signWith` is no wallet account address, private key ID or private key public key of the organization.']],
  sign_raw_payloads: [[5, '`signWith` is no wallet account address, private key ID or private key public key of the organization.']],
  sign_transaction: [[5, '`signWith` is no wallet account address, private key ID or private key public key of the organization.']],
  // Tags
  list_user_tags: [],
  list_private_key_tags: [],
  create_user_tag: [[5, 'A user in `userIds` is not a user of the organization.'], [6, 'A user tag with the same `userTagName` already exists.'], [8, limit('tags-per-organization', 'the organization already holds as many user tags as allowed')]],
  update_user_tag: [[5, 'The tag, or a user in `addUserIds` or `removeUserIds`, is not in the organization.'], [6, 'Another user tag already has `newUserTagName`.']],
  delete_user_tags: [[5, 'A tag in `userTagIds` names no user tag of the organization.']],
  create_private_key_tag: [[5, 'A key in `privateKeyIds` is not a private key of the organization.'], [6, 'A private key tag with the same `privateKeyTagName` already exists.'], [8, limit('tags-per-organization', 'the organization already holds as many private key tags as allowed')]],
  update_private_key_tag: [[5, 'The tag, or a key in `addPrivateKeyIds` or `removePrivateKeyIds`, is not in the organization.'], [6, 'Another private key tag already has `newPrivateKeyTagName`.']],
  delete_private_key_tags: [[5, 'A tag in `privateKeyTagIds` names no private key tag of the organization.']],
  // Users
  get_user: [[5, missing('user', 'userId')]],
  list_users: [],
  create_users: [[5, 'A tag in a user’s `userTags` names no user tag of the organization.'], [6, 'An API key or passkey of a new user is already registered in the organization.'], [8, limit('users-per-organization', 'the organization would have more users than allowed')]],
  update_user: [[5, 'The user, or a tag in `userTagIds`, is not in the organization.']],
  delete_users: [[5, 'A user in `userIds` is not a user of the organization.'], [9, 'A user in `userIds` is a root user; remove them from the root quorum with `update_root_quorum` first.']],
  get_api_key: [[5, missing('API key', 'apiKeyId')]],
  get_api_keys: [[5, missing('user', 'userId')]],
  create_api_keys: [[5, missing('user', 'userId')], [6, 'One of the public keys is already registered in the organization.'], [8, limit('api-keys-per-user', 'the user would hold more API keys than allowed')]],
  delete_api_keys: [[5, 'The user, or one of `apiKeyIds` of that user, does not exist.']],
  get_authenticator: [[5, missing('authenticator', 'authenticatorId')]],
  get_authenticators: [[5, missing('user', 'userId')]],
  create_authenticators: [[5, missing('user', 'userId')], [6, 'One of the passkeys is already registered in the organization.'], [8, limit('authenticators-per-user', 'the user would have more passkeys than allowed')]],
  delete_authenticators: [[5, 'The user, or one of `authenticatorIds` of that user, does not exist.']],
  get_oauth_providers: [[5, missing('user', 'userId')]],
  create_oauth_providers: [[5, missing('user', 'userId')], [8, limit('oauth-providers-per-user', 'the user would link more OAuth identities than allowed')]],
  delete_oauth_providers: [[5, 'The user, or one of `providerIds` of that user, does not exist.']],
  create_invitations: [[8, limit('users-per-organization', 'the organization would have more users than allowed')]],
  delete_invitation: [[5, missing('invitation', 'invitationId')]],
  // Wallets
  get_wallet: [[5, missing('wallet', 'walletId')]],
  list_wallets: [],
  get_wallet_account: [[5, 'The wallet, or the account at `address` or `path` in it, does not exist.']],
  list_wallet_accounts: [[5, missing('wallet', 'walletId')], [11, cursor]],
  create_wallet: [
    [6, 'A wallet with the same `walletName` already exists, or another wallet has an account with one of the addresses.'],
    [8, limit('wallets-per-organization', 'the organization already holds as many wallets as allowed; or `wallet-accounts-per-wallet` for `accounts`')],
    [12, 'An account’s `addressFormat` is not available in this deployment (for example TON wallet contracts).'],
  ],
  create_wallet_accounts: [
    [5, missing('wallet', 'walletId')],
    [6, 'Another wallet already has an account with one of the addresses.'],
    [8, limit('wallet-accounts-per-wallet', 'the wallet would hold more accounts than allowed')],
    [12, 'An account’s `addressFormat` is not available in this deployment.'],
  ],
  update_wallet: [[5, missing('wallet', 'walletId')], [6, 'Another wallet already has the new `walletName`.']],
  delete_wallets: [[5, 'A wallet in `walletIds` is not a wallet of the organization.'], [9, 'A wallet was never exported and `deleteWithoutExport` is not `true`.']],
};

/** The errors of one operation as the document states them. */
export function operationErrors(name, kind, activityType) {
  const own = ERRORS[name];
  if (!own) throw new Error(`no x-errors entry for ${name}`);
  const votes = activityType === 'ACTIVITY_TYPE_APPROVE_ACTIVITY' || activityType === 'ACTIVITY_TYPE_REJECT_ACTIVITY';
  const all = kind === 'submission' && !votes ? [...own, [7, POLICY]] : own;
  return all.sort((a, b) => a[0] - b[0]).map(([code, when]) => ({ code, when }));
}

function rewrite(text) {
  const doc = parseDocument(text);
  const lines = text.split('\n');
  const inserts = [];
  const drop = new Set();
  for (const pair of doc.contents.items) {
    const name = pair.key.value;
    const post = doc.getIn([name, 'post'], true);
    const kindPair = post.items.find((item) => item.key.value === 'x-sigil-kind');
    const existing = post.items.find((item) => item.key.value === 'x-errors');
    if (existing) {
      const first = text.slice(0, existing.key.range[0]).split('\n').length - 1;
      const last = text.slice(0, existing.value.range[2] - 1).split('\n').length - 1;
      for (let i = first; i <= last; i++) drop.add(i);
    }
    const at = text.slice(0, kindPair.value.range[2] - 1).split('\n').length - 1;
    const errors = operationErrors(name, post.get('x-sigil-kind'), post.get('x-sigil-activity-type'));
    const yaml = stringify({ 'x-errors': errors }, { lineWidth: 100 })
      .trimEnd()
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n');
    inserts.push({ at, yaml });
  }
  const out = lines.map((line, i) => (drop.has(i) ? null : line));
  for (const { at, yaml } of inserts) out[at] = `${out[at]}\n${yaml}`;
  return out.filter((line) => line !== null).join('\n');
}

let files = 0;
for (const file of readdirSync(PATHS).filter((name) => name.endsWith('.yaml')).sort()) {
  const url = new URL(file, PATHS);
  const before = readFileSync(url, 'utf8');
  const after = rewrite(before);
  if (after !== before) writeFileSync(url, after);
  files += 1;
}
const unknown = Object.keys(ERRORS).length;
console.log(`x-errors written for ${unknown} operations in ${files} files`);
