// What each operation's request example needs before it can succeed: the records it names (see
// harness.test-util.ts), who stamps it, and, where the example uses something of part 2 of the
// emulator, the smallest change that keeps the rest of the example (with what the unchanged example
// must answer, so the adaptation cannot outlive its reason).
import { IMPORTED, type Resource } from './harness.test-util.js';

export interface Setup {
  needs: Resource[];
  /** Who stamps the example: the root organization's root user unless the example runs in the sub-organization. */
  signer?: 'root' | 'subOrganizationRoot' | 'recoveryCredential';
  adapt?: {
    why: string;
    change(body: Record<string, unknown>): Record<string, unknown>;
    /** What the example without the change answers today. */
    unchanged: { code: number; messageIncludes: string };
  };
  /** A check of the answer beyond its schema: that the example did what it says. */
  check?: (body: Record<string, unknown>, ids: ReadonlyMap<string, string>) => void;
}

/** Operations that answer code 12 naming themselves: none, every operation of the document is implemented. */
export const UNIMPLEMENTED: readonly string[] = [];

type ActivityResult = { activity: { result: Record<string, { addresses?: unknown[] } | undefined> } };
/** The first address an import example derived, as a string or as an Address object. */
function firstAddress(body: Record<string, unknown>, resultKey: string): unknown {
  const address = (body as ActivityResult).activity.result[resultKey]?.addresses?.[0];
  return typeof address === 'object' && address !== null ? (address as { address: unknown }).address : address;
}

export const SETUP: Record<string, Setup> = {
  create_read_write_session: { needs: ['subOrganization'], signer: 'subOrganizationRoot' },
  // The sign-in examples are sent by the parent organization's root user for the sub-organization.
  email_auth: { needs: ['subOrganization', 'emailAuthFeature'] },
  init_otp_auth: { needs: ['subOrganization', 'otp'] },
  otp_auth: { needs: ['subOrganization', 'otp'] },
  oauth: { needs: ['oauthIdentity'] },
  init_user_email_recovery: { needs: ['recoveryCredential'] },
  recover_user: { needs: ['recoveryCredential'], signer: 'recoveryCredential' },
  get_activity: { needs: ['activity'] },
  list_activities: { needs: [] },
  approve_activity: { needs: ['pendingActivity'] },
  reject_activity: { needs: ['pendingActivity'] },
  get_organization_configs: { needs: [] },
  whoami: { needs: [] },
  update_root_quorum: { needs: ['alice', 'bob'] },
  set_organization_feature: { needs: [] },
  remove_organization_feature: { needs: ['emailAuthFeature'] },
  create_sub_organization: {
    needs: [],
    check: (body) => {
      const result = (body as { activity: { result: { createSubOrganizationResultV7?: { wallet?: { addresses?: string[] } } } } }).activity.result.createSubOrganizationResultV7;
      if (!/^0x[0-9a-fA-F]{40}$/.test(result?.wallet?.addresses?.[0] ?? '')) throw new Error(`create_sub_organization made no wallet: ${JSON.stringify(result)}`);
    },
  },
  delete_sub_organization: { needs: ['subOrganization'], signer: 'subOrganizationRoot' },
  list_suborgs: {
    needs: ['subOrganization'],
    check: (body, ids) => {
      if (JSON.stringify(body.organizationIds) !== JSON.stringify([ids.get('b7e2d3c4-6a5f-4e81-9b02-c3d4e5f60712')])) throw new Error(`list_suborgs found ${JSON.stringify(body)}`);
    },
  },
  list_verified_suborgs: { needs: [] },
  get_user: { needs: ['alice'] },
  list_users: { needs: ['alice'] },
  create_users: { needs: [] },
  update_user: { needs: ['alice', 'userTag'] },
  delete_users: { needs: ['bob'] },
  get_api_key: { needs: ['apiKey'] },
  get_api_keys: { needs: ['apiKey'] },
  create_api_keys: { needs: ['alice'] },
  delete_api_keys: { needs: ['apiKey'] },
  get_authenticator: { needs: ['authenticator'] },
  get_authenticators: { needs: ['authenticator'] },
  create_authenticators: { needs: ['alice'] },
  delete_authenticators: { needs: ['authenticator'] },
  get_oauth_providers: { needs: ['oauthProvider'] },
  create_oauth_providers: { needs: ['alice', 'testIssuerToken'] },
  delete_oauth_providers: { needs: ['oauthProvider'] },
  create_invitations: { needs: ['alice'] },
  delete_invitation: { needs: ['invitation'] },
  get_policy: { needs: ['policy'] },
  list_policies: { needs: ['policy'] },
  create_policy: { needs: [] },
  create_policies: { needs: ['userTag'] },
  update_policy: { needs: ['policy'] },
  delete_policy: { needs: ['policy'] },
  list_user_tags: { needs: ['userTag'] },
  list_private_key_tags: { needs: ['privateKeyTag'] },
  create_user_tag: { needs: ['alice'] },
  update_user_tag: { needs: ['userTag', 'bob'] },
  delete_user_tags: { needs: ['userTag'] },
  create_private_key_tag: { needs: ['privateKey'] },
  update_private_key_tag: { needs: ['privateKeyTag', 'privateKey'] },
  delete_private_key_tags: { needs: ['privateKeyTag'] },
  create_read_only_session: { needs: ['subOrganization'], signer: 'subOrganizationRoot' },
  create_wallet: { needs: [] },
  get_wallet: { needs: ['wallet'] },
  list_wallets: { needs: ['wallet'] },
  get_wallet_account: { needs: ['wallet'] },
  list_wallet_accounts: { needs: ['wallet'] },
  create_wallet_accounts: { needs: ['wallet'] },
  update_wallet: { needs: ['wallet'] },
  // The example deletes with deleteWithoutExport false, which the exported wallet allows.
  delete_wallets: { needs: ['exportedWallet'] },
  create_private_keys: { needs: [] },
  get_private_key: { needs: ['privateKey'] },
  list_private_keys: { needs: ['privateKey'] },
  delete_private_keys: { needs: ['privateKey'] },
  sign_raw_payload: { needs: ['wallet'] },
  sign_raw_payloads: { needs: ['wallet'] },
  sign_transaction: { needs: ['wallet'] },
  export_wallet: { needs: ['wallet'] },
  export_wallet_account: { needs: ['wallet'] },
  export_private_key: { needs: ['privateKey'] },
  init_import_wallet: { needs: ['importer'] },
  init_import_private_key: { needs: ['importer'] },
  import_wallet: {
    needs: ['walletImport'],
    check: (body) => {
      if (firstAddress(body, 'importWalletResult') !== IMPORTED.mnemonicAddress) throw new Error(`import_wallet derived ${JSON.stringify(body)}`);
    },
  },
  import_private_key: {
    needs: ['privateKeyImport'],
    check: (body) => {
      if (firstAddress(body, 'importPrivateKeyResult') !== IMPORTED.privateKeyAddress) throw new Error(`import_private_key derived ${JSON.stringify(body)}`);
    },
  },
};
