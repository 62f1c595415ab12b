// Checks the document against the product specification (sections 3, 5, 7 and 9):
// every call, entity, field, enumeration value, rule and constant named there.
import { describe, expect, it } from 'vitest';
import { loadDoc, schemaByName, type Doc, type SchemaObject } from './spec-fixture.test-util.js';

const QUERY_NAMES = [
  'get_activity', 'get_api_key', 'get_api_keys', 'get_authenticator', 'get_authenticators', 'get_oauth_providers',
  'get_organization_configs', 'get_policy', 'get_private_key', 'get_user', 'get_wallet', 'get_wallet_account',
  'list_activities', 'list_policies', 'list_private_key_tags', 'list_private_keys', 'list_suborgs', 'list_user_tags',
  'list_users', 'list_verified_suborgs', 'list_wallet_accounts', 'list_wallets', 'whoami',
];

const SUBMIT_NAMES = [
  'approve_activity', 'create_api_keys', 'create_authenticators', 'create_invitations', 'create_oauth_providers',
  'create_policies', 'create_policy', 'create_private_key_tag', 'create_private_keys', 'create_read_only_session',
  'create_read_write_session', 'create_sub_organization', 'create_user_tag', 'create_users', 'create_wallet',
  'create_wallet_accounts', 'delete_api_keys', 'delete_authenticators', 'delete_invitation', 'delete_oauth_providers',
  'delete_policy', 'delete_private_key_tags', 'delete_private_keys', 'delete_sub_organization', 'delete_user_tags',
  'delete_users', 'delete_wallets', 'email_auth', 'export_private_key', 'export_wallet', 'export_wallet_account',
  'import_private_key', 'import_wallet', 'init_import_private_key', 'init_import_wallet', 'init_otp_auth',
  'init_user_email_recovery', 'oauth', 'otp_auth', 'recover_user', 'reject_activity', 'remove_organization_feature',
  'set_organization_feature', 'sign_raw_payload', 'sign_raw_payloads', 'sign_transaction', 'update_policy',
  'update_private_key_tag', 'update_root_quorum', 'update_user', 'update_user_tag', 'update_wallet',
];

/** Version suffixes fixed by the lead; every other activity type has none. */
const VERSIONED: Record<string, number> = {
  create_sub_organization: 7,
  create_read_write_session: 2,
  create_policy: 3,
  create_api_keys: 2,
  create_authenticators: 2,
};

/** Entities of section 3 with the fields the specification names. */
const ENTITY_FIELDS: Record<string, string[]> = {
  Activity: ['id', 'organizationId', 'status', 'type', 'intent', 'result', 'votes', 'fingerprint', 'canApprove', 'canReject', 'createdAt', 'updatedAt', 'failure'],
  Vote: ['id', 'userId', 'user', 'activityId', 'selection', 'message', 'publicKey', 'signature', 'scheme', 'createdAt'],
  Wallet: ['walletId', 'walletName', 'createdAt', 'updatedAt', 'exported', 'imported'],
  WalletAccount: ['walletAccountId', 'organizationId', 'walletId', 'curve', 'pathFormat', 'path', 'addressFormat', 'address', 'createdAt', 'updatedAt'],
  WalletAccountParams: ['curve', 'pathFormat', 'path', 'addressFormat'],
  WalletParams: ['walletName', 'accounts', 'mnemonicLength'],
  CreateWalletAccountsIntent: ['walletId', 'accounts'],
  CreateWalletAccountsResult: ['addresses'],
  PrivateKey: ['privateKeyId', 'publicKey', 'privateKeyName', 'curve', 'addresses', 'privateKeyTags', 'createdAt', 'updatedAt', 'exported', 'imported'],
  PrivateKeyParams: ['privateKeyName', 'curve', 'privateKeyTags', 'addressFormats'],
  CreatePrivateKeysIntent: ['privateKeys'],
  CreatePrivateKeysResult: ['privateKeyIds', 'privateKeys'],
  User: ['userId', 'userName', 'userEmail', 'userPhoneNumber', 'authenticators', 'apiKeys', 'userTags', 'oauthProviders', 'createdAt', 'updatedAt'],
  UserParams: ['userName', 'userEmail', 'accessType', 'userTags', 'apiKeys', 'authenticators'],
  RootUserParamsV4: ['userName', 'userEmail', 'userPhoneNumber', 'apiKeys', 'authenticators', 'oauthProviders'],
  ApiOnlyUserParams: ['userName', 'userEmail', 'userTags', 'apiKeys'],
  ApiKey: ['credential', 'apiKeyId', 'apiKeyName', 'createdAt', 'updatedAt', 'expirationSeconds'],
  ApiKeyParams: ['apiKeyName', 'publicKey', 'expirationSeconds'],
  ApiKeyParamsV2: ['apiKeyName', 'publicKey', 'expirationSeconds', 'curveType'],
  Authenticator: ['transports', 'attestationType', 'aaguid', 'credentialId', 'model', 'credential', 'authenticatorId', 'authenticatorName', 'createdAt', 'updatedAt'],
  AuthenticatorParamsV2: ['authenticatorName', 'challenge', 'attestation'],
  Attestation: ['credentialId', 'clientDataJson', 'attestationObject', 'transports'],
  OauthProvider: ['providerId', 'providerName', 'issuer', 'audience', 'subject', 'createdAt', 'updatedAt'],
  OauthProviderParams: ['providerName', 'oidcToken'],
  CreateOauthProvidersIntent: ['userId', 'oauthProviders'],
  CreateOauthProvidersResult: ['providerIds'],
  Credential: ['publicKey', 'type'],
  Policy: ['policyId', 'policyName', 'effect', 'createdAt', 'updatedAt', 'notes', 'consensus', 'condition'],
  CreatePolicyIntentV3: ['policyName', 'effect', 'condition', 'consensus', 'notes'],
  CreatePolicyResult: ['policyId'],
  CreatePoliciesResult: ['policyIds'],
  Selector: ['subject', 'operator', 'target', 'targets'],
  Tag: ['tagId', 'tagName', 'tagType', 'createdAt', 'updatedAt'],
  CreatePrivateKeyTagIntent: ['privateKeyTagName', 'privateKeyIds'],
  CreateUserTagIntent: ['userTagName', 'userIds'],
  Quorum: ['threshold', 'userIds'],
  Config: ['features', 'quorum'],
  Feature: ['name', 'value'],
  InvitationParams: ['receiverUserName', 'receiverUserEmail', 'receiverUserTags', 'accessType', 'senderUserId'],
  CreateInvitationsResult: ['invitationIds'],
  ApproveActivityIntent: ['fingerprint'],
  RejectActivityIntent: ['fingerprint'],
  EmailCustomizationParams: ['appName', 'logoUrl', 'magicLinkTemplate', 'templateVariables', 'templateId'],
  SmsCustomizationParams: ['template'],
  Pagination: ['limit', 'before', 'after'],
  Status: ['code', 'message', 'details'],
  Timestamp: ['seconds', 'nanos'],
  CreateReadOnlySessionResult: ['organizationId', 'organizationName', 'userId', 'username', 'session', 'sessionExpiry'],
  CreateReadWriteSessionIntentV2: ['targetPublicKey', 'userId', 'apiKeyName', 'expirationSeconds'],
  CreateReadWriteSessionResultV2: ['organizationId', 'organizationName', 'userId', 'username', 'apiKeyId', 'credentialBundle'],
  CreateSubOrganizationIntentV7: ['subOrganizationName', 'rootUsers', 'rootQuorumThreshold', 'wallet', 'disableEmailRecovery', 'disableEmailAuth', 'disableSmsAuth', 'disableOtpEmailAuth'],
  CreateSubOrganizationResultV7: ['subOrganizationId', 'wallet', 'rootUserIds'],
  // Intent and result table of section 7.
  CreateWalletIntent: ['walletName', 'accounts', 'mnemonicLength'],
  CreateWalletResult: ['walletId', 'addresses'],
  UpdateWalletIntent: ['walletId', 'walletName'],
  UpdateWalletResult: ['walletId'],
  DeleteWalletsIntent: ['walletIds', 'deleteWithoutExport'],
  ExportWalletIntent: ['walletId', 'targetPublicKey', 'language'],
  ExportWalletResult: ['exportBundle'],
  ExportWalletAccountIntent: ['address', 'targetPublicKey'],
  InitImportWalletIntent: ['userId'],
  InitImportWalletResult: ['importBundle'],
  ImportWalletIntent: ['userId', 'walletName', 'encryptedBundle', 'accounts'],
  ExportPrivateKeyIntent: ['privateKeyId', 'targetPublicKey'],
  InitImportPrivateKeyIntent: ['userId'],
  ImportPrivateKeyIntent: ['userId', 'privateKeyName', 'encryptedBundle', 'curve', 'addressFormats'],
  DeletePrivateKeysIntent: ['privateKeyIds', 'deleteWithoutExport'],
  DisablePrivateKeyIntent: ['privateKeyId'],
  SignRawPayloadIntent: ['signWith', 'payload', 'encoding', 'hashFunction'],
  SignRawPayloadResult: ['r', 's', 'v'],
  SignRawPayloadsIntent: ['payloads'],
  SignRawPayloadsResult: ['signatures'],
  SignTransactionIntent: ['signWith', 'unsignedTransaction', 'type'],
  SignTransactionResult: ['signedTransaction'],
  DeleteUsersIntent: ['userIds'],
  UpdateUserIntent: ['userId', 'userName', 'userEmail', 'userTagIds', 'userPhoneNumber'],
  DeleteApiKeysIntent: ['userId', 'apiKeyIds'],
  DeleteAuthenticatorsIntent: ['userId', 'authenticatorIds'],
  DeleteOauthProvidersIntent: ['userId', 'providerIds'],
  DeleteInvitationIntent: ['invitationId'],
  DeleteUserTagsIntent: ['userTagIds'],
  UpdateUserTagIntent: ['userTagId', 'newUserTagName', 'addUserIds', 'removeUserIds'],
  DeletePrivateKeyTagsIntent: ['privateKeyTagIds'],
  UpdatePrivateKeyTagIntent: ['privateKeyTagId', 'newPrivateKeyTagName', 'addPrivateKeyIds', 'removePrivateKeyIds'],
  DeletePolicyIntent: ['policyId'],
  UpdatePolicyIntent: ['policyId', 'policyName', 'policyEffect', 'policyCondition', 'policyConsensus', 'policyNotes'],
  UpdateRootQuorumIntent: ['threshold', 'userIds'],
  UpdateAllowedOriginsIntent: ['allowedOrigins'],
  SetOrganizationFeatureIntent: ['name', 'value'],
  RemoveOrganizationFeatureIntent: ['name'],
  DeleteSubOrganizationIntent: ['deleteWithoutExport'],
  DeleteOrganizationIntent: ['organizationId'],
  EmailAuthIntent: ['email', 'targetPublicKey', 'apiKeyName', 'expirationSeconds', 'emailCustomization', 'invalidateExisting', 'sendFromEmailAddress'],
  EmailAuthResult: ['userId', 'apiKeyId'],
  InitOtpAuthIntent: ['otpType', 'contact', 'emailCustomization', 'smsCustomization', 'userIdentifier', 'sendFromEmailAddress'],
  InitOtpAuthResult: ['otpId'],
  OtpAuthIntent: ['otpId', 'otpCode', 'targetPublicKey', 'apiKeyName', 'expirationSeconds', 'invalidateExisting'],
  OtpAuthResult: ['userId', 'apiKeyId', 'credentialBundle'],
  OauthIntent: ['oidcToken', 'targetPublicKey', 'apiKeyName', 'expirationSeconds'],
  OauthResult: ['userId', 'apiKeyId', 'credentialBundle'],
  InitUserEmailRecoveryIntent: ['email', 'targetPublicKey', 'expirationSeconds', 'emailCustomization'],
  InitUserEmailRecoveryResult: ['userId'],
  RecoverUserIntent: ['authenticator', 'userId'],
  RecoverUserResult: ['authenticatorId'],
  SetPaymentMethodIntent: ['paymentMethodId', 'cardHolderEmail', 'cardHolderName'],
  SetPaymentMethodResult: ['lastFour', 'cardHolderName', 'cardHolderEmail'],
  DeletePaymentMethodIntent: ['paymentMethodId'],
  // Query payloads and answers of section 7.
  ListActivitiesRequest: ['organizationId', 'filterByStatus', 'filterByType', 'paginationOptions'],
  ListActivitiesResponse: ['activities'],
  GetActivityRequest: ['organizationId', 'activityId'],
  GetActivityResponse: ['activity'],
  GetApiKeyRequest: ['organizationId', 'apiKeyId'],
  GetApiKeyResponse: ['apiKey'],
  GetApiKeysRequest: ['organizationId', 'userId'],
  GetApiKeysResponse: ['apiKeys'],
  GetAuthenticatorRequest: ['organizationId', 'authenticatorId'],
  GetAuthenticatorResponse: ['authenticator'],
  GetAuthenticatorsRequest: ['organizationId', 'userId'],
  GetAuthenticatorsResponse: ['authenticators'],
  GetOauthProvidersRequest: ['organizationId', 'userId'],
  GetOrganizationConfigsRequest: ['organizationId'],
  GetOrganizationConfigsResponse: ['configs'],
  ListSuborgsRequest: ['organizationId', 'filterType', 'filterValue', 'paginationOptions'],
  ListSuborgsResponse: ['organizationIds'],
  ListVerifiedSuborgsRequest: ['filterType', 'filterValue'],
  ListVerifiedSuborgsResponse: ['organizationIds'],
  GetWalletAccountRequest: ['walletId', 'address', 'path'],
  GetWalletAccountResponse: ['account'],
  ListWalletAccountsRequest: ['walletId', 'paginationOptions'],
  ListWalletAccountsResponse: ['accounts'],
  WhoamiRequest: ['organizationId'],
  WhoamiResponse: ['organizationId', 'organizationName', 'userId', 'username'],
};

const btc = ['MAINNET', 'TESTNET', 'SIGNET', 'REGTEST'].flatMap((n) =>
  ['P2PKH', 'P2SH', 'P2WPKH', 'P2WSH', 'P2TR'].map((k) => `ADDRESS_FORMAT_BITCOIN_${n}_${k}`),
);

/** Every enumeration of section 3 and the issue, with its complete value list. */
const ENUMS: Record<string, string[]> = {
  ActivityStatus: ['CREATED', 'PENDING', 'COMPLETED', 'FAILED', 'CONSENSUS_NEEDED', 'REJECTED'].map((v) => `ACTIVITY_STATUS_${v}`),
  AccessType: ['ACCESS_TYPE_WEB', 'ACCESS_TYPE_API', 'ACCESS_TYPE_ALL'],
  AddressFormat: [
    ...['UNCOMPRESSED', 'COMPRESSED', 'ETHEREUM', 'SOLANA', 'COSMOS', 'TRON', 'SUI', 'APTOS'].map((v) => `ADDRESS_FORMAT_${v}`),
    ...btc,
    ...['SEI', 'XLM', 'DOGE_MAINNET', 'DOGE_TESTNET', 'TON_V3R2', 'TON_V4R2', 'XRP'].map((v) => `ADDRESS_FORMAT_${v}`),
  ],
  CredentialType: ['WEBAUTHN_AUTHENTICATOR', 'API_KEY_P256', 'RECOVER_USER_KEY_P256', 'API_KEY_SECP256K1', 'EMAIL_AUTH_KEY_P256', 'API_KEY_ED25519', 'OTP_AUTH_KEY_P256'].map((v) => `CREDENTIAL_TYPE_${v}`),
  Curve: ['CURVE_SECP256K1', 'CURVE_ED25519'],
  HashFunction: ['NO_OP', 'SHA256', 'KECCAK256', 'NOT_APPLICABLE'].map((v) => `HASH_FUNCTION_${v}`),
  PayloadEncoding: ['PAYLOAD_ENCODING_HEXADECIMAL', 'PAYLOAD_ENCODING_TEXT_UTF8'],
  TransactionType: ['TRANSACTION_TYPE_ETHEREUM', 'TRANSACTION_TYPE_SOLANA'],
  PathFormat: ['PATH_FORMAT_BIP32'],
  MnemonicLanguage: ['ENGLISH', 'SIMPLIFIED_CHINESE', 'TRADITIONAL_CHINESE', 'CZECH', 'FRENCH', 'ITALIAN', 'JAPANESE', 'KOREAN', 'SPANISH'].map((v) => `MNEMONIC_LANGUAGE_${v}`),
  Operator: ['EQUAL', 'MORE_THAN', 'MORE_THAN_OR_EQUAL', 'LESS_THAN', 'LESS_THAN_OR_EQUAL', 'CONTAINS', 'NOT_EQUAL', 'IN', 'NOT_IN', 'CONTAINS_ONE', 'CONTAINS_ALL'].map((v) => `OPERATOR_${v}`),
  FeatureName: ['ROOT_USER_EMAIL_RECOVERY', 'WEBAUTHN_ORIGINS', 'EMAIL_AUTH', 'EMAIL_RECOVERY', 'WEBHOOK', 'SMS_AUTH', 'OTP_EMAIL_AUTH'].map((v) => `FEATURE_NAME_${v}`),
  AuthenticatorTransport: ['BLE', 'INTERNAL', 'NFC', 'USB', 'HYBRID'].map((v) => `AUTHENTICATOR_TRANSPORT_${v}`),
  ApiKeyCurve: ['API_KEY_CURVE_P256', 'API_KEY_CURVE_SECP256K1', 'API_KEY_CURVE_ED25519'],
  Effect: ['EFFECT_ALLOW', 'EFFECT_DENY'],
  VoteSelection: ['VOTE_SELECTION_APPROVED', 'VOTE_SELECTION_REJECTED'],
  TagType: ['TAG_TYPE_USER', 'TAG_TYPE_PRIVATE_KEY'],
  SubOrganizationFilterType: ['CREDENTIAL_ID', 'NAME', 'USERNAME', 'EMAIL', 'PHONE_NUMBER', 'OIDC_TOKEN', 'PUBLIC_KEY'],
  VerifiedSubOrganizationFilterType: ['EMAIL', 'PHONE_NUMBER'],
  OtpType: ['OTP_TYPE_EMAIL', 'OTP_TYPE_SMS'],
};

const NO_ENDPOINT: Record<string, [string, string]> = {
  ACTIVITY_TYPE_DISABLE_PRIVATE_KEY: ['DisablePrivateKeyIntent', 'DisablePrivateKeyResult'],
  ACTIVITY_TYPE_UPDATE_ALLOWED_ORIGINS: ['UpdateAllowedOriginsIntent', 'UpdateAllowedOriginsResult'],
  ACTIVITY_TYPE_DELETE_ORGANIZATION: ['DeleteOrganizationIntent', 'DeleteOrganizationResult'],
  ACTIVITY_TYPE_SET_PAYMENT_METHOD: ['SetPaymentMethodIntent', 'SetPaymentMethodResult'],
  ACTIVITY_TYPE_DELETE_PAYMENT_METHOD: ['DeletePaymentMethodIntent', 'DeletePaymentMethodResult'],
};

const camel = (name: string): string => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const activityTypeOf = (name: string): string =>
  `ACTIVITY_TYPE_${name.toUpperCase()}${VERSIONED[name] ? `_V${VERSIONED[name]}` : ''}`;

/** Follows `$ref` chains inside the bundled document. */
function deref(doc: Doc, schema: SchemaObject): SchemaObject {
  let s = schema;
  while (s.$ref) s = schemaByName(doc, s.$ref.split('/').pop()!);
  return s;
}

describe('coverage of the product specification', () => {
  const doc = loadDoc();
  const ops = Object.entries(doc.paths).map(([path, item]) => Object.assign({}, item.post, { path }));

  it('prints the counts', () => {
    const enumSchemas = Object.values(doc.components.schemas).filter((s) => Array.isArray(s.enum));
    const enumValues = enumSchemas.reduce((n, s) => n + s.enum!.length, 0);
    console.log(
      `operations: ${ops.length} (${ops.filter((o) => o['x-sigil-kind'] === 'query').length} queries, ` +
        `${ops.filter((o) => o['x-sigil-kind'] === 'submission').length} submissions); ` +
        `schemas: ${Object.keys(doc.components.schemas).length}; enums: ${enumSchemas.length} with ${enumValues} values`,
    );
    expect(ops).toHaveLength(75);
  });

  it('has every query as POST /public/v1/query/{name}', () => {
    expect(QUERY_NAMES).toHaveLength(23);
    const queries = ops.filter((o) => o['x-sigil-kind'] === 'query').map((o) => o.path).sort();
    expect(queries).toEqual(QUERY_NAMES.map((n) => `/public/v1/query/${n}`).sort());
  });

  it('has every submission as POST /public/v1/submit/{name} with its activity type', () => {
    expect(SUBMIT_NAMES).toHaveLength(52);
    const submissions = ops.filter((o) => o['x-sigil-kind'] === 'submission');
    expect(submissions.map((o) => o.path).sort()).toEqual(SUBMIT_NAMES.map((n) => `/public/v1/submit/${n}`).sort());
    for (const name of SUBMIT_NAMES) {
      const op = doc.paths[`/public/v1/submit/${name}`]!.post;
      expect(op['x-sigil-activity-type'], name).toBe(activityTypeOf(name));
      expect(op.description, name).toContain(activityTypeOf(name));
    }
  });

  it('gives every operation an operationId, summary, description, tag and both responses', () => {
    const tagNames = new Set(doc.tags.map((t) => t.name));
    for (const op of ops) {
      const name = op.path.split('/').pop()!;
      expect(op.operationId, op.path).toBe(camel(name));
      expect(op.summary, op.path).toMatch(/\S/);
      expect(op.description.length, op.path).toBeGreaterThan(60);
      expect(op.tags.length, op.path).toBeGreaterThan(0);
      for (const tag of op.tags) expect(tagNames.has(tag), `${op.path} tag ${tag}`).toBe(true);
      expect(op.requestBody.required, op.path).toBe(true);
      expect(op.responses['200'], op.path).toBeDefined();
      expect(op.responses.default?.$ref, op.path).toBe('#/components/responses/Error');
    }
    const errorResponse = doc.components.responses.Error as { content: Record<string, { schema: { $ref: string } }> };
    expect(errorResponse.content['application/json']!.schema.$ref).toBe('#/components/schemas/Status');
  });

  it('wraps every submission in the four-field envelope with a constant type', () => {
    for (const name of SUBMIT_NAMES) {
      const op = doc.paths[`/public/v1/submit/${name}`]!.post;
      const envelope = deref(doc, op.requestBody.content['application/json']!.schema);
      expect(envelope.required?.slice().sort(), name).toEqual(['organizationId', 'parameters', 'timestampMs', 'type']);
      expect(envelope.properties!.type!.const, name).toBe(activityTypeOf(name));
      expect(deref(doc, envelope.properties!.timestampMs!).type, name).toBe('string');
      expect(deref(doc, envelope.properties!.parameters!).type, name).toBe('object');
      expect(op.responses['200']!.content!['application/json']!.schema.$ref, name).toBe('#/components/schemas/ActivityResponse');
    }
  });

  it('has every entity with every field named in the specification', () => {
    const missing: string[] = [];
    for (const [entity, fields] of Object.entries(ENTITY_FIELDS)) {
      const schema = doc.components.schemas[entity];
      if (!schema) {
        missing.push(entity);
        continue;
      }
      for (const field of fields) if (!schema.properties?.[field]) missing.push(`${entity}.${field}`);
    }
    expect(missing).toEqual([]);
  });

  it('has every enumeration with exactly the listed values, each described', () => {
    for (const [name, values] of Object.entries(ENUMS)) {
      const schema = schemaByName(doc, name);
      expect(schema.enum, name).toEqual(values);
      expect(schema.description, name).toMatch(/\S/);
      const described = schema['x-enum-descriptions'] as Record<string, string>;
      expect(Object.keys(described).sort(), name).toEqual(values.slice().sort());
      for (const v of values) expect(described[v], `${name}.${v}`).toMatch(/\S/);
    }
    expect(ENUMS.AddressFormat).toHaveLength(35);
    // The product specification leaves AccessType's values unspecified; the document records the three Sigil
    // accepts, and says so to readers without the authoring note (a YAML comment in components/enums.yaml).
    expect(schemaByName(doc, 'AccessType').description).toMatch(/exactly these three values/);
    expect(schemaByName(doc, 'AccessType').description).not.toMatch(/source|this document|unspecified/i);
  });

  it('lists every activity type used by the document, including the five without an endpoint', () => {
    const types = schemaByName(doc, 'ActivityType').enum as string[];
    const expected = [...SUBMIT_NAMES.map(activityTypeOf), ...Object.keys(NO_ENDPOINT)];
    expect(types.slice().sort()).toEqual(expected.sort());
    const described = schemaByName(doc, 'ActivityType')['x-enum-descriptions'] as Record<string, string>;
    for (const t of types) expect(described[t], t).toMatch(/\S/);
  });

  it('describes the activity types without a path as named schemas marked x-sigil-no-endpoint', () => {
    const intents = schemaByName(doc, 'Intent').properties!;
    for (const [type, names] of Object.entries(NO_ENDPOINT)) {
      for (const name of names) {
        const schema = schemaByName(doc, name);
        expect(schema['x-sigil-no-endpoint'], name).toBe(true);
        expect(schema['x-sigil-activity-type'], name).toBe(type);
        expect(schema.description, name).toMatch(/no public endpoint/);
      }
      expect(intents[names[0].charAt(0).toLowerCase() + names[0].slice(1)], type).toBeDefined();
    }
  });

  it('states the rules of section 5 as schema constraints', () => {
    const mnemonic = schemaByName(doc, 'MnemonicLength');
    expect(mnemonic.enum).toEqual([12, 15, 18, 21, 24]);
    expect(mnemonic.default).toBe(12);
    const limit = schemaByName(doc, 'Pagination').properties!.limit!;
    expect([limit.minimum, limit.maximum, limit.default]).toEqual([1, 100, 10]);
    expect(schemaByName(doc, 'OtpCode').pattern).toBe('^[0-9]{6}$');
    expect(schemaByName(doc, 'PhoneNumber').pattern).toBe('^\\+[1-9]\\d{1,14}$');
    const required = (name: string): string[] => schemaByName(doc, name).required ?? [];
    expect(required('EmailAuthIntent')).toEqual(expect.arrayContaining(['email', 'targetPublicKey']));
    expect(required('OauthIntent')).toEqual(expect.arrayContaining(['oidcToken', 'targetPublicKey']));
    expect(required('OtpAuthIntent')).toEqual(expect.arrayContaining(['otpId', 'otpCode']));
    expect(required('CreateWalletIntent')).toEqual(expect.arrayContaining(['walletName', 'accounts']));
    expect(required('CreateReadWriteSessionIntentV2')).toContain('targetPublicKey');
    expect(required('WalletAccountParams').sort()).toEqual(['addressFormat', 'curve', 'path', 'pathFormat']);
    expect(required('ApiOnlyUserParams')).toEqual(expect.arrayContaining(['userTags', 'apiKeys']));
    expect(required('UserParams')).toEqual(expect.arrayContaining(['apiKeys', 'authenticators', 'userTags']));
    expect(required('RootUserParamsV4')).toEqual(expect.arrayContaining(['apiKeys', 'authenticators', 'oauthProviders']));
    // Rules JSON Schema cannot state are written in the descriptions.
    expect(schemaByName(doc, 'CreateSubOrganizationIntentV7').description).toMatch(/must not exceed the number of `rootUsers`/);
    for (const name of ['DeleteWalletsIntent', 'DeletePrivateKeysIntent', 'DeleteSubOrganizationIntent']) {
      expect(schemaByName(doc, name).description, name).toMatch(/exported/);
    }
  });

  it('mentions the constants of section 9 where they apply', () => {
    const d = (name: string): string => schemaByName(doc, name).description ?? '';
    expect(d('CreateReadWriteSessionIntentV2')).toMatch(/Read Write Session - <Timestamp>/);
    expect(d('CreateReadWriteSessionIntentV2')).toMatch(/900 seconds \(15 minutes\)/);
    expect(d('EmailAuthIntent')).toMatch(/Email Auth - <Timestamp>/);
    expect(d('OauthIntent')).toMatch(/Oauth - <Timestamp>/);
    expect(d('OtpAuthIntent')).toMatch(/OTP Auth - <Timestamp>/);
    expect(d('InitUserEmailRecoveryIntent')).toMatch(/15 minutes/);
    expect(d('CreateReadOnlySessionResult')).toMatch(/1 hour/);
    expect(d('TimestampMs')).toMatch(/milliseconds/);
    expect(schemaByName(doc, 'EmailCustomizationParams').properties!.logoUrl!.description).toMatch(/PNG.*340 × 124/s);
  });

  it('declares the two stamp schemes and applies them globally', () => {
    const { ApiKeyStamp, WebAuthnStamp } = doc.components.securitySchemes;
    expect(ApiKeyStamp).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Stamp' });
    expect(WebAuthnStamp).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Stamp-WebAuthn' });
    expect(ApiKeyStamp!.description).toMatch(/SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256/);
    expect(ApiKeyStamp!.description).toMatch(/base64url/);
    expect(WebAuthnStamp!.description).toMatch(/clientDataJson/);
    expect(doc.security).toEqual([{ ApiKeyStamp: [] }, { WebAuthnStamp: [] }]);
  });

  it('has the fixed document metadata, tags and error codes', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('Sigil API');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://api.sigil.example' })]);
    expect(doc.tags.map((t) => t.name).sort()).toEqual(
      ['Organizations', 'Sub-organizations', 'Users', 'Authenticators', 'API keys', 'OAuth providers', 'Invitations', 'Wallets',
        'Private keys', 'Signing', 'Policies', 'Tags', 'Activities', 'Authentication', 'Sessions', 'Features', 'Import and export'].sort(),
    );
    for (const tag of doc.tags) expect(tag.description, tag.name).toMatch(/\S/);
    const codes = doc['x-error-codes'] as { code: number; name: string; httpStatus: number }[];
    const byCode = new Map(codes.map((c) => [c.code, c]));
    for (const [code, name, http] of [[3, 'INVALID_ARGUMENT', 400], [5, 'NOT_FOUND', 404], [7, 'PERMISSION_DENIED', 403], [8, 'RESOURCE_EXHAUSTED', 429],
      [9, 'FAILED_PRECONDITION', 400], [13, 'INTERNAL', 500], [14, 'UNAVAILABLE', 503], [16, 'UNAUTHENTICATED', 401]] as const) {
      expect(byCode.get(code), name).toMatchObject({ name, httpStatus: http });
    }
  });

  it('marks a code safe to resubmit only when it is retryable and answered before an activity exists', () => {
    const codes = doc['x-error-codes'] as { code: number; retryable: boolean; submissionRetryable: boolean }[];
    for (const entry of codes) {
      expect(typeof entry.submissionRetryable, String(entry.code)).toBe('boolean');
      if (entry.submissionRetryable) expect(entry.retryable, String(entry.code)).toBe(true);
    }
    expect(codes.filter((c) => c.retryable).map((c) => c.code)).toEqual([4, 8, 10, 14]);
    // 4 (DEADLINE_EXCEEDED) may leave an activity behind, so only 8, 10 and 14 are safe for submissions.
    expect(codes.filter((c) => c.submissionRetryable).map((c) => c.code)).toEqual([8, 10, 14]);
  });

  it('lists every limit in x-limits with a definite value', () => {
    const limits = doc['x-limits'] as { id: string; name: string; value: number | number[]; unit: string; appliesTo: string[]; description: string }[];
    const byId = new Map(limits.map((l) => [l.id, l]));
    const expectValue = (id: string, value: number | number[], unit: string): void => {
      expect(byId.get(id), id).toMatchObject({ value, unit });
    };
    expectValue('pagination-limit-default', 10, 'items');
    expectValue('pagination-limit-min', 1, 'items');
    expectValue('pagination-limit-max', 100, 'items');
    expectValue('mnemonic-length-allowed', [12, 15, 18, 21, 24], 'words');
    expectValue('mnemonic-length-default', 12, 'words');
    expectValue('otp-code-length', 6, 'digits');
    expectValue('read-write-session-default-lifetime', 900, 'seconds');
    expectValue('credential-default-lifetime', 900, 'seconds');
    expectValue('read-only-session-lifetime', 3600, 'seconds');
    expectValue('request-timestamp-unit', 1, 'milliseconds');
    expectValue('email-logo-width', 340, 'pixels');
    expectValue('email-logo-height', 124, 'pixels');
    expectValue('policy-expression-max-length', 4096, 'characters');
    expectValue('policy-expression-max-depth', 32, 'levels');
    for (const id of ['wallets-per-organization', 'users-per-organization', 'policies-per-organization', 'sub-organizations-per-organization',
      'private-keys-per-organization', 'api-keys-per-user', 'authenticators-per-user', 'wallet-accounts-per-wallet', 'sign-raw-payloads-max']) {
      expect(typeof byId.get(id)?.value, id).toBe('number');
    }
    expect(new Set(limits.map((l) => l.id)).size).toBe(limits.length);
    for (const l of limits) {
      expect(l.name && l.unit && l.description, l.id).toBeTruthy();
      expect(l.appliesTo.length, l.id).toBeGreaterThan(0);
    }
  });
});
