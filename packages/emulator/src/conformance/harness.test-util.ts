// Shared by the conformance, error-code and property tests: the API document read independently of the
// emulator's own reading of it, an Ajv 2020 validator for responses, stamping, and a "world" of records
// the document's examples refer to. The examples use fixed placeholder IDs (the organization
// a3f1c2d4-…, the user c1d2e3f4-…); a world creates the records an operation needs and maps each
// placeholder to the ID the emulator gave the real record.
import { ApiKeyStamper, generateApiKeyPair } from '@sigil/api-key-stamper';
import openapi from '@sigil/api-spec/openapi.json' with { type: 'json' };
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { openBundle } from '../core/bundles.js';
import { sealToImportBundle } from '../core/docs-seal-import-bundle.test-util.js';
import { EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY } from '../core/enclave-quorum.js';
import { createEmulator } from '../core/emulator.js';
import { REQUESTS_PER_SECOND } from '../core/rate-limit.js';
import { sha256Hex } from '../core/encoding.js';
import type { Emulator, EmulatorOptions, EmulatorResponse } from '../core/types.js';

// ---------------------------------------------------------------------------------------------------
// The document

interface RawResponse {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface RawOperation {
  operationId: string;
  'x-sigil-kind': 'query' | 'submission';
  'x-sigil-activity-type'?: string;
  'x-sigil-result'?: string;
  requestBody: { content: Record<string, { schema: { $ref: string }; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, RawResponse>;
}
export interface ErrorCodeEntry {
  code: number;
  name: string;
  httpStatus: number;
}
interface Document {
  paths: Record<string, { post?: RawOperation }>;
  components: { schemas: Record<string, unknown>; responses: Record<string, RawResponse> };
  'x-error-codes': ErrorCodeEntry[];
  'x-limits': Array<{ id: string; value: unknown }>;
}

export const doc = openapi as unknown as Document;

export interface DocOperation {
  /** The path's last segment, e.g. `create_policy`. */
  name: string;
  path: string;
  kind: 'query' | 'submission';
  activityType?: string;
  /** Key of the result inside `activity.result`, e.g. `createPolicyResult`. */
  resultKey?: string;
  /** JSON pointer (inside the document) of the request body schema. */
  requestSchema: string;
  examples: Array<{ name: string; value: Record<string, unknown> }>;
  raw: RawOperation;
}

const lowerFirst = (text: string) => text[0]!.toLowerCase() + text.slice(1);

export const DOC_OPERATIONS: DocOperation[] = Object.entries(doc.paths).flatMap(([path, item]) => {
  const post = item.post;
  if (!post) return [];
  const json = post.requestBody.content['application/json']!;
  return [
    {
      name: path.split('/').at(-1)!,
      path,
      kind: post['x-sigil-kind'],
      ...(post['x-sigil-activity-type'] ? { activityType: post['x-sigil-activity-type'] } : {}),
      ...(post['x-sigil-result'] ? { resultKey: lowerFirst(post['x-sigil-result']) } : {}),
      requestSchema: json.schema.$ref,
      examples: Object.entries(json.examples ?? {}).map(([name, example]) => ({ name, value: example.value as Record<string, unknown> })),
      raw: post,
    },
  ];
});

export const operationNamed = (name: string): DocOperation => {
  const operation = DOC_OPERATIONS.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`the API document has no operation ${name}`);
  return operation;
};

export const ERROR_CODES: ErrorCodeEntry[] = doc['x-error-codes'];
export const limitOf = <T>(id: string): T => doc['x-limits'].find((entry) => entry.id === id)!.value as T;

// ---------------------------------------------------------------------------------------------------
// Response validation: our own Ajv instance, so a mistake in the emulator's validator cannot hide one
// in its answers. The whole document is registered so every $ref resolves.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const KNOWN_FORMATS: Record<string, (value: unknown) => boolean> = {
  uuid: (value) => typeof value !== 'string' || UUID.test(value),
  email: (value) => typeof value !== 'string' || /^[^\s@]+@[^\s@]+$/.test(value),
  uri: (value) => typeof value !== 'string' || URL.canParse(value),
  int32: (value) => typeof value !== 'number' || (Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31),
  uint64: (value) => typeof value !== 'string' || (/^[0-9]{1,20}$/.test(value) && BigInt(value) < 2n ** 64n),
};

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
for (const [name, check] of Object.entries(KNOWN_FORMATS)) ajv.addFormat(name, { validate: (value: unknown) => check(value) } as never);
const DOC_ID = 'sigil-openapi-conformance';
ajv.addSchema({ ...(openapi as object), $id: DOC_ID }, DOC_ID);

/** Every `format` a schema of the document uses (outside examples), so a new one cannot go unchecked. */
export function formatsUsed(): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown, parentKey: string): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, parentKey));
    if (!node || typeof node !== 'object') return;
    if (parentKey === 'example' || parentKey === 'examples') return;
    const record = node as Record<string, unknown>;
    if (typeof record.format === 'string' && typeof record.type === 'string') found.add(record.format);
    for (const [key, value] of Object.entries(record)) walk(value, key);
  };
  walk(doc.components, '');
  walk(doc.paths, '');
  return found;
}

const pointerPart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
const compiled = new Map<string, ValidateFunction>();

/** JSON pointer of the response schema the document gives `operation` for `httpStatus` (its `default` when not listed). */
export function responseSchemaPointer(operation: DocOperation, httpStatus: number): string {
  const key = String(httpStatus) in operation.raw.responses ? String(httpStatus) : 'default';
  const response = operation.raw.responses[key];
  if (!response) throw new Error(`${operation.name} documents no response for ${httpStatus} and no default`);
  const base = response.$ref ?? `#/paths/${pointerPart(operation.path)}/post/responses/${key}`;
  return `${base}/content/application~1json/schema`;
}

export function validatorAt(pointer: string): ValidateFunction {
  let validate = compiled.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `${DOC_ID}${pointer}` });
    compiled.set(pointer, validate);
  }
  return validate;
}

/** Schema errors of `body` against the response schema for `httpStatus`, as readable lines (empty when valid). */
export function responseErrors(operation: DocOperation, httpStatus: number, body: unknown): string[] {
  const validate = validatorAt(responseSchemaPointer(operation, httpStatus));
  if (validate(body)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? error.keyword} ${JSON.stringify(error.params)}`);
}

const STATUS_POINTER = '#/components/schemas/Status';

/**
 * What is wrong with an error answer: not a `Status`, a code outside `x-error-codes`, an HTTP status
 * other than the table's, or an empty message. Empty when the answer is a well-formed documented error.
 */
export function statusProblems(httpStatus: number, body: unknown): string[] {
  const problems: string[] = [];
  const validate = validatorAt(STATUS_POINTER);
  if (!validate(body)) problems.push(`not a Status: ${JSON.stringify(validate.errors)}`);
  const status = body as { code?: unknown; message?: unknown };
  const entry = ERROR_CODES.find((candidate) => candidate.code === status?.code);
  if (!entry) problems.push(`code ${String(status?.code)} is not in x-error-codes`);
  else if (entry.httpStatus !== httpStatus) problems.push(`code ${entry.code} answered with HTTP ${httpStatus}, x-error-codes says ${entry.httpStatus}`);
  if (typeof status?.message !== 'string' || status.message.trim() === '') problems.push('empty message');
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Signing and sending

export interface Signer {
  publicKey: string;
  privateKey: string;
  stamp(body: string): Promise<string>;
}

/** A signer for a P-256 private key (hex) received in a bundle. */
export function signerFor(privateKey: string): Signer {
  const publicKey = bytesToHex(p256.getPublicKey(Uint8Array.from(Buffer.from(privateKey, 'hex')), true));
  const stamper = new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey });
  return { publicKey, privateKey, stamp: async (body) => (await stamper.stamp(body)).stampHeaderValue };
}

export async function newSigner(): Promise<Signer> {
  const keys = await generateApiKeyPair();
  const stamper = new ApiKeyStamper({ apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey });
  return { ...keys, stamp: async (body) => (await stamper.stamp(body)).stampHeaderValue };
}

export interface Answer {
  status: number;
  body: unknown;
  response: EmulatorResponse;
}

export function parseAnswer(response: EmulatorResponse): Answer {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, response };
}

/** Sends a body (string as is, anything else as JSON) to an operation, stamped by `signer` unless it is null. */
export async function send(emulator: WorldEmulator, operation: DocOperation, body: unknown, signer: Signer | null, headers: Record<string, string> = {}): Promise<Answer> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const stamp = signer ? { 'X-Stamp': await signer.stamp(raw) } : {};
  const request = { method: 'POST', path: operation.path, headers: { 'content-type': 'application/json', ...stamp, ...headers }, body: raw };
  let answer = parseAnswer(await emulator.handle(request));
  // The rate limit stays on: like any client, the harness waits for the organization's budget to refill (one
  // request's worth, 1/60 s) and sends again. A rate-limited request did nothing, so sending it again is safe.
  while (isRateLimited(answer)) {
    await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_REFILL_MS));
    answer = parseAnswer(await emulator.handle(request));
  }
  return answer;
}

const RATE_LIMIT_REFILL_MS = Math.ceil(1000 / REQUESTS_PER_SECOND);
// Code 8 with Retry-After is the rate limit; a count limit (also code 8) has no Retry-After and is the answer under test.
const isRateLimited = (answer: Answer): boolean => answer.status === 429 && answer.response.headers['retry-after'] !== undefined;

/** A submission envelope for `operation` with the current time. */
export function envelope(operation: DocOperation, organizationId: string, parameters: unknown, now = Date.now()) {
  return { type: operation.activityType, timestampMs: String(now), organizationId, parameters };
}

// ---------------------------------------------------------------------------------------------------
// Worlds: the records the examples refer to

/** The placeholder IDs used throughout the document's examples, by the record they stand for. */
export const PLACEHOLDERS = {
  organization: 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601',
  subOrganization: 'b7e2d3c4-6a5f-4e81-9b02-c3d4e5f60712',
  alice: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
  bob: 'd4c3b2a1-f6e5-4d7c-9b8a-1f2e3d4c5b6a',
  /** A user tag in most examples, a private-key tag in the private-key-tag ones. */
  tag: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  apiKey: '3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a',
  authenticator: '4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b',
  oauthProvider: '7b8c9d0e-1f2a-4b3c-8d4e-6f7a8b9c0d1e',
  invitation: '6a7b8c9d-0e1f-4a2b-9c3d-5e6f7a8b9c0d',
  policy: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  activity: '5f6a7b8c-9d0e-4f1a-8b2c-4d5e6f7a8b9c',
  fingerprint: 'sha256:f12396594049ea5d680735e1be9dea763cbd1094d1efed5c05a8f8e92cb43ea1',
  privateKey: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  wallet: 'e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9',
  /** The Ethereum account m/44'/60'/0'/0/0 of `wallet` (the address of private key 1 in the examples). */
  walletAddress: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
} as const;

/** What the import examples' bundles hold in a world: Hardhat's test mnemonic, and the private key 2 (whose address the import_private_key example shows). */
export const IMPORTED = {
  mnemonic: 'test test test test test test test test test test test junk',
  mnemonicAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  privateKey: `${'00'.repeat(31)}02`,
  privateKeyAddress: '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF',
} as const;

/** Records a world can hold. `pendingActivity` is an activity of alice waiting for one approval (its fingerprint). */
export type Resource =
  | 'alice'
  | 'bob'
  | 'userTag'
  | 'privateKeyTag'
  | 'apiKey'
  | 'authenticator'
  | 'oauthProvider'
  | 'invitation'
  | 'policy'
  | 'activity'
  | 'pendingActivity'
  | 'subOrganization'
  | 'emailAuthFeature'
  | 'otp'
  | 'recoveryCredential'
  | 'oauthIdentity'
  | 'testIssuerToken'
  | 'wallet'
  | 'exportedWallet'
  | 'privateKey'
  | 'importer'
  | 'walletImport'
  | 'privateKeyImport';

const DEPENDS_ON: Partial<Record<Resource, Resource[]>> = {
  exportedWallet: ['wallet'],
  walletImport: ['importer'],
  privateKeyImport: ['importer'],
  apiKey: ['alice'],
  authenticator: ['alice'],
  oauthProvider: ['alice', 'testIssuerToken'],
  invitation: ['alice'],
  pendingActivity: ['alice'],
  otp: ['subOrganization'],
  recoveryCredential: ['subOrganization'],
  oauthIdentity: ['subOrganization', 'testIssuerToken'],
};

/** What a world needs of an emulator: the core itself in Node, or a transport to one elsewhere (the docs site's sandbox worker). */
export type WorldEmulator = Pick<Emulator, 'handle' | 'close'>;

export interface World<E extends WorldEmulator = Emulator> {
  emulator: E;
  organizationId: string;
  root: Signer;
  rootUserId: string;
  /** alice's own key: she is an ordinary (non-root) user. */
  alice?: Signer;
  /** The root user of the sub-organization. */
  subOrganizationRoot?: Signer;
  subOrganizationRootUserId?: string;
  /** The recovery credential init_user_email_recovery emailed to the sub-organization's root user. */
  recovery?: Signer;
  /** Emulator IDs by placeholder. */
  ids: Map<string, string>;
  close(): Promise<void>;
}

/** A passkey attestation from the document's own examples (a `none` attestation the emulator accepts). */
function exampleAuthenticator(): unknown {
  const example = operationNamed('create_authenticators').examples[0]!.value as { parameters: { authenticators: unknown[] } };
  return example.parameters.authenticators[0];
}
/** A parameter of an operation's request example. */
function exampleParameter(name: string, parameter: string): string {
  return (operationNamed(name).examples[0]!.value as { parameters: Record<string, string> }).parameters[parameter]!;
}
/** Reads the emulator's outbox (what it would have emailed or texted). */
async function outboxMessages(world: World<WorldEmulator>): Promise<Array<Record<string, string>>> {
  const response = await world.emulator.handle({ method: 'GET', path: '/emulator/v1/outbox', headers: {}, body: '' });
  return (JSON.parse(response.body) as { messages: Array<Record<string, string>> }).messages;
}
function exampleOauthProvider(): unknown {
  const example = operationNamed('create_oauth_providers').examples[0]!.value as { parameters: { oauthProviders: unknown[] } };
  return example.parameters.oauthProviders[0];
}

/** Submits through the API as `signer` and returns the activity; throws with the answer when it is not COMPLETED. */
export async function submit(world: World<WorldEmulator>, name: string, parameters: unknown, signer: Signer = world.root, organizationId = world.organizationId, expectStatus = 'ACTIVITY_STATUS_COMPLETED') {
  const operation = operationNamed(name);
  const answer = await send(world.emulator, operation, envelope(operation, organizationId, parameters), signer);
  const activity = (answer.body as { activity?: { id: string; status: string; fingerprint: string; result: Record<string, Record<string, unknown>> } })?.activity;
  if (answer.status !== 200 || activity?.status !== expectStatus) throw new Error(`setup ${name} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return activity;
}

async function create(world: World<WorldEmulator>, resource: Resource): Promise<void> {
  const set = (placeholder: string, id: unknown) => world.ids.set(placeholder, String(id));
  switch (resource) {
    case 'alice': {
      world.alice = await newSigner();
      const activity = await submit(world, 'create_users', {
        users: [{ userName: 'Alice', userEmail: 'alice@example.com', accessType: 'ACCESS_TYPE_ALL', apiKeys: [{ apiKeyName: 'alice', publicKey: world.alice.publicKey }], authenticators: [], userTags: [] }],
      });
      set(PLACEHOLDERS.alice, (activity.result.createUsersResult!.userIds as string[])[0]);
      return;
    }
    case 'bob': {
      const activity = await submit(world, 'create_users', {
        users: [{ userName: 'Bob', accessType: 'ACCESS_TYPE_API', apiKeys: [], authenticators: [], userTags: [] }],
      });
      set(PLACEHOLDERS.bob, (activity.result.createUsersResult!.userIds as string[])[0]);
      return;
    }
    case 'userTag':
      set(PLACEHOLDERS.tag, (await submit(world, 'create_user_tag', { userTagName: 'admins-setup', userIds: [] })).result.createUserTagResult!.userTagId);
      return;
    case 'privateKeyTag':
      set(PLACEHOLDERS.tag, (await submit(world, 'create_private_key_tag', { privateKeyTagName: 'keys-setup', privateKeyIds: [] })).result.createPrivateKeyTagResult!.privateKeyTagId);
      return;
    case 'apiKey': {
      const extra = await newSigner();
      const activity = await submit(world, 'create_api_keys', { userId: world.ids.get(PLACEHOLDERS.alice), apiKeys: [{ apiKeyName: 'extra', publicKey: extra.publicKey, curveType: 'API_KEY_CURVE_P256' }] });
      set(PLACEHOLDERS.apiKey, (activity.result.createApiKeysResult!.apiKeyIds as string[])[0]);
      return;
    }
    case 'authenticator': {
      const activity = await submit(world, 'create_authenticators', { userId: world.ids.get(PLACEHOLDERS.alice), authenticators: [exampleAuthenticator()] });
      set(PLACEHOLDERS.authenticator, (activity.result.createAuthenticatorsResult!.authenticatorIds as string[])[0]);
      return;
    }
    case 'oauthProvider': {
      const activity = await submit(world, 'create_oauth_providers', { userId: world.ids.get(PLACEHOLDERS.alice), oauthProviders: [substitute(world, exampleOauthProvider())] });
      set(PLACEHOLDERS.oauthProvider, (activity.result.createOauthProvidersResult!.providerIds as string[])[0]);
      return;
    }
    case 'invitation': {
      const activity = await submit(world, 'create_invitations', {
        invitations: [{ receiverUserName: 'Carol', receiverUserEmail: 'carol@example.com', receiverUserTags: [], accessType: 'ACCESS_TYPE_WEB', senderUserId: world.ids.get(PLACEHOLDERS.alice) }],
      });
      set(PLACEHOLDERS.invitation, (activity.result.createInvitationsResult!.invitationIds as string[])[0]);
      return;
    }
    case 'policy':
      set(PLACEHOLDERS.policy, (await submit(world, 'create_policy', { policyName: 'setup policy', effect: 'EFFECT_ALLOW', condition: 'false' })).result.createPolicyResult!.policyId);
      return;
    case 'activity':
      set(PLACEHOLDERS.activity, (await submit(world, 'set_organization_feature', { name: 'FEATURE_NAME_WEBAUTHN_ORIGINS', value: 'https://app.example.com' })).id);
      return;
    case 'pendingActivity': {
      const aliceId = world.ids.get(PLACEHOLDERS.alice)!;
      await submit(world, 'create_policy', { policyName: 'alice needs one approval', effect: 'EFFECT_ALLOW', condition: `user.id == '${aliceId}'`, consensus: 'approvers.count() >= 1' });
      const waiting = await submit(world, 'create_user_tag', { userTagName: 'waiting', userIds: [] }, world.alice, world.organizationId, 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      set(PLACEHOLDERS.fingerprint, waiting.fingerprint);
      return;
    }
    case 'subOrganization': {
      world.subOrganizationRoot = await newSigner();
      const activity = await submit(world, 'create_sub_organization', {
        subOrganizationName: 'user-8842',
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: 'End user', userEmail: 'enduser@example.com', userPhoneNumber: '+14155550123', apiKeys: [{ apiKeyName: 'end user', publicKey: world.subOrganizationRoot.publicKey, curveType: 'API_KEY_CURVE_P256' }], authenticators: [], oauthProviders: [] }],
      });
      set(PLACEHOLDERS.subOrganization, activity.result.createSubOrganizationResultV7!.subOrganizationId);
      world.subOrganizationRootUserId = (activity.result.createSubOrganizationResultV7!.rootUserIds as string[])[0];
      return;
    }
    case 'otp': {
      // The example's otpId and code become a real code sent to the sub-organization user's phone.
      await submit(world, 'set_organization_feature', { name: 'FEATURE_NAME_SMS_AUTH', value: '' });
      const subOrganizationId = world.ids.get(PLACEHOLDERS.subOrganization)!;
      const activity = await submit(world, 'init_otp_auth', { otpType: 'OTP_TYPE_SMS', contact: '+14155550123' }, world.root, subOrganizationId);
      set(exampleParameter('otp_auth', 'otpId'), activity.result.initOtpAuthResult!.otpId);
      set(exampleParameter('otp_auth', 'otpCode'), (await outboxMessages(world)).at(-1)!.otpCode);
      return;
    }
    case 'recoveryCredential': {
      // Recovery for the sub-organization's root user: the emailed bundle opened, the key inside signs recover_user (for bob's ID in the example).
      await submit(world, 'set_organization_feature', { name: 'FEATURE_NAME_EMAIL_RECOVERY', value: '' });
      await submit(world, 'set_organization_feature', { name: 'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY', value: '' });
      const target = await newSigner();
      await submit(world, 'init_user_email_recovery', { email: 'enduser@example.com', targetPublicKey: target.publicKey }, world.root, world.ids.get(PLACEHOLDERS.subOrganization));
      const privateKey = bytesToHex(openBundle((await outboxMessages(world)).at(-1)!.credentialBundle!, Uint8Array.from(Buffer.from(target.privateKey, 'hex'))));
      world.recovery = signerFor(privateKey);
      set(PLACEHOLDERS.bob, world.subOrganizationRootUserId);
      return;
    }
    case 'testIssuerToken': {
      // The examples' ID token (iss accounts.google.com) stands for one of the emulator's test issuer, which is all the
      // emulator accepts: same sub and aud, nonce the SHA-256 of the oauth example's targetPublicKey.
      const query = new URLSearchParams({ sub: '110248495921238986420', aud: '1234.apps.googleusercontent.com', nonce: sha256Hex(exampleParameter('oauth', 'targetPublicKey')) });
      const response = await world.emulator.handle({ method: 'GET', path: `/emulator/v1/oauth/token?${query}`, headers: {}, body: '' });
      set(exampleParameter('oauth', 'oidcToken'), (JSON.parse(response.body) as { id_token: string }).id_token);
      return;
    }
    case 'oauthIdentity': {
      // That identity linked to the sub-organization's root user, so the oauth example signs them in.
      const subOrganizationId = world.ids.get(PLACEHOLDERS.subOrganization)!;
      const oidcToken = world.ids.get(exampleParameter('oauth', 'oidcToken'))!;
      await submit(world, 'create_oauth_providers', { userId: world.subOrganizationRootUserId, oauthProviders: [{ providerName: 'test issuer', oidcToken }] }, world.subOrganizationRoot, subOrganizationId);
      return;
    }
    case 'emailAuthFeature':
      await submit(world, 'set_organization_feature', { name: 'FEATURE_NAME_EMAIL_AUTH', value: '' });
      return;
    case 'wallet': {
      const activity = await submit(world, 'create_wallet', {
        walletName: 'setup wallet',
        accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
      });
      set(PLACEHOLDERS.wallet, activity.result.createWalletResult!.walletId);
      set(PLACEHOLDERS.walletAddress, (activity.result.createWalletResult!.addresses as string[])[0]);
      return;
    }
    case 'privateKey': {
      const activity = await submit(world, 'create_private_keys', {
        privateKeys: [{ privateKeyName: 'setup key', curve: 'CURVE_SECP256K1', privateKeyTags: [], addressFormats: ['ADDRESS_FORMAT_ETHEREUM'] }],
      });
      set(PLACEHOLDERS.privateKey, (activity.result.createPrivateKeysResult!.privateKeyIds as string[])[0]);
      return;
    }
    case 'exportedWallet': {
      const target = await newSigner();
      await submit(world, 'export_wallet', { walletId: world.ids.get(PLACEHOLDERS.wallet), targetPublicKey: target.publicKey });
      return;
    }
    case 'importer':
      // The examples' importing user (c1d2e3f4-…) is the root user, who stamps them: both steps come from the user they name.
      set(PLACEHOLDERS.alice, world.rootUserId);
      return;
    case 'walletImport':
    case 'privateKeyImport': {
      // An import example's encryptedBundle is sealed to the one-time key of the document's importBundle example, which
      // no emulator holds; like an ID it stands for the bundle of this world's init_import_*, sealed by the docs' code.
      const wallet = resource === 'walletImport';
      const activity = await submit(world, wallet ? 'init_import_wallet' : 'init_import_private_key', { userId: world.rootUserId });
      const importBundle = (wallet ? activity.result.initImportWalletResult : activity.result.initImportPrivateKeyResult)!.importBundle as string;
      const secret = wallet ? new TextEncoder().encode(IMPORTED.mnemonic) : Uint8Array.from(Buffer.from(IMPORTED.privateKey, 'hex'));
      const expected = { enclaveQuorumPublicKeys: [EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY], organizationId: world.organizationId, userId: world.rootUserId };
      set(exampleParameter(wallet ? 'import_wallet' : 'import_private_key', 'encryptedBundle'), await sealToImportBundle(importBundle, secret, expected));
      return;
    }
  }
}

/** A started emulator with one bootstrapped organization, whose root user `root` stamps for. */
export interface WorldStart<E extends WorldEmulator> {
  emulator: E;
  organizationId: string;
  rootUserId: string;
  root: Signer;
}

/** A world on an emulator `start` gives, holding `needs` (and what they depend on), created through the API. */
export async function createWorldOn<E extends WorldEmulator>(start: () => Promise<WorldStart<E>>, needs: readonly Resource[] = []): Promise<World<E>> {
  const { emulator, organizationId, rootUserId, root } = await start();
  const world: World<E> = {
    emulator,
    organizationId,
    root,
    rootUserId,
    ids: new Map([[PLACEHOLDERS.organization, organizationId]]),
    close: () => emulator.close(),
  };
  const done = new Set<Resource>();
  const ensure = async (resource: Resource): Promise<void> => {
    if (done.has(resource)) return;
    for (const dependency of DEPENDS_ON[resource] ?? []) await ensure(dependency);
    await create(world, resource);
    done.add(resource);
  };
  for (const resource of needs) await ensure(resource);
  return world;
}

/** A bootstrapped emulator in this process holding `needs` (and what they depend on), created through the API. */
export async function createWorld(needs: readonly Resource[] = [], options: EmulatorOptions = {}): Promise<World> {
  return createWorldOn(async () => {
    const emulator = createEmulator(options);
    const root = await newSigner();
    const bootstrap = await emulator.bootstrap({ organizationName: 'Conformance', userName: 'root', apiPublicKey: root.publicKey });
    return { emulator, organizationId: bootstrap.organizationId, rootUserId: bootstrap.userId, root };
  }, needs);
}

/** The example with every placeholder the world knows replaced by the emulator's ID (embedded ones too, e.g. in a policy expression). */
export function substitute<T>(world: World<WorldEmulator>, value: T): T {
  let text = JSON.stringify(value);
  for (const [placeholder, id] of world.ids) text = text.split(placeholder).join(id);
  return JSON.parse(text) as T;
}

/** Placeholder IDs still present after substitution (a record the setup table forgot). */
export function leftoverPlaceholders(value: unknown): string[] {
  const text = JSON.stringify(value);
  return Object.values(PLACEHOLDERS).filter((placeholder) => text.includes(placeholder));
}
