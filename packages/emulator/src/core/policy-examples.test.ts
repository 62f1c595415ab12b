// Issue 19: every case of every policy example (`POLICY_EXAMPLES` of @sigil/policy) is run end to end
// through the emulator. Each case's context is turned into the real request that produces it: the users,
// tags, wallets and keys it names are created, the example's policy is created with create_policy, and a
// non-root user submits a real activity (a real serialized Ethereum or Solana transaction for `eth.tx` /
// `solana.tx`). The emulator's answer must be the outcome the examples page states.
import { generateApiKeyPair } from '@sigil/api-key-stamper';
import { POLICY_EXAMPLES, evaluatePolicies, type PolicyExample, type PolicyExampleCase, type PolicyRequest } from '@sigil/policy';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { SigilClient } from '@sigil/http';
import { base58 } from '@scure/base';
import { getAddress, serializeTransaction, type Hex, type TransactionSerializable } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { openBundle } from './docs-open-bundle.test-util.js';
import { bytesToBase64url as b64 } from './encoding.js';
import { BASE_URL, createTestContext, type TestContext } from './testing/context.js';
import { softPasskey } from './testing/soft-passkey.test-util.js';

type Client = TestContext['root']['client'];
type Activity = Awaited<ReturnType<Client['getActivity']>>['activity'];

/**
 * Cases whose context no request built here produces, keyed `exampleId / case name`. Asserted below to be
 * exactly the cases that were skipped, so the list only shrinks deliberately.
 */
const NOT_RUNNABLE: Record<string, string> = {};

/**
 * Cases where the emulator disagrees with the example. Each still runs, as `it.fails`, so that once the
 * emulator is fixed the test fails until the entry is removed here.
 */
// Cases whose stated outcome the emulator does not reproduce, with the reason; empty since email-auth keys carry
// their own credential type. A case listed here runs as it.fails, so a fix forces its removal.
const DISAGREES: Record<string, string> = {};

const ETH_ACCOUNT = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
const SOL_ACCOUNT = { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' };
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const PAYROLL = '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2';

// Every example request names its activity; PolicyRequest leaves it optional for hand-made contexts.
const typeOf = (request: PolicyRequest): string => (request.activity as { type: string }).type;
const caseKey = (example: PolicyExample, c: PolicyExampleCase) => `${example.id} / ${c.name}`;
const targetPublicKey = () => bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), true));

/** A real Ethereum transaction with the fields of `eth.tx` (chain ID, recipient, value, data, gas). */
function ethTransaction(tx: Record<string, unknown>): string {
  const serializable: TransactionSerializable = {
    type: 'eip1559',
    chainId: Number(tx.chain_id ?? 1),
    nonce: 0,
    maxFeePerGas: 10n ** 10n,
    maxPriorityFeePerGas: 1n,
    gas: BigInt((tx.gas as number | undefined) ?? 100_000),
    // The wire format carries the address as 20 bytes, so a sample's letter case cannot travel in it; viem
    // takes it in its checksummed form and the emulator reports it lowercase, which `.lower()` also handles.
    to: getAddress((tx.to as string | undefined) ?? PAYROLL),
    value: BigInt((tx.value as string | undefined) ?? '0'),
    data: ((tx.data as string | undefined) ?? '0x') as Hex,
  };
  return serializeTransaction(serializable).slice(2);
}

/**
 * A real Solana legacy message signed by `signer`, invoking `program_keys` and making `transfers` (System
 * Program transfers from the signer). A System Program in `program_keys` without transfers gets an Assign
 * instruction (index 1), which invokes the program without moving SOL.
 */
function solanaMessage(signer: string, tx: { program_keys?: string[]; transfers?: Array<{ to: string; amount: number }> }): string {
  const transfers = tx.transfers ?? [];
  const programs = tx.program_keys ?? [];
  const keys: string[] = [signer];
  const index = (key: string) => {
    if (!keys.includes(key)) keys.push(key);
    return keys.indexOf(key);
  };
  const recipients = transfers.map((t) => index(t.to));
  const writable = keys.length; // signer plus recipients are writable; programs come after them, read-only
  const instructions: Buffer[] = [];
  transfers.forEach((t, i) => {
    const data = Buffer.alloc(12);
    data.writeUInt32LE(2, 0);
    data.writeBigUInt64LE(BigInt(t.amount), 4);
    instructions.push(Buffer.concat([Buffer.from([index(SYSTEM_PROGRAM), 2, 0, recipients[i]!, 12]), data]));
  });
  for (const program of programs) {
    if (program === SYSTEM_PROGRAM && transfers.length > 0) continue;
    const data = program === SYSTEM_PROGRAM ? Buffer.concat([Buffer.from([1, 0, 0, 0]), Buffer.alloc(32)]) : Buffer.from([3]);
    const accounts = program === SYSTEM_PROGRAM ? [0] : [];
    instructions.push(Buffer.concat([Buffer.from([index(program), accounts.length, ...accounts, data.length]), data]));
  }
  const message = Buffer.concat([
    Buffer.from([1, 0, keys.length - writable, keys.length]),
    ...keys.map((k) => Buffer.from(base58.decode(k))),
    Buffer.alloc(32, 7), // recent blockhash
    Buffer.from([instructions.length]),
    ...instructions,
  ]);
  return message.toString('hex');
}

interface Scenario {
  t: TestContext;
  /** Sample identifier of the example (`'pk-hot-1'`, `'ops'`, a public key) -> the real one. */
  ids: Map<string, string>;
  submitter: Client;
  /** Approvers in the order the case lists them. */
  approvers: Client[];
  walletId: string;
  ethAddress: string;
  solAddress: string;
  privateKeyId?: string;
  exampleId: string;
}

async function newUser(t: TestContext, userName: string, tagIds: string[], userEmail?: string) {
  const keys = await generateApiKeyPair();
  const created = await t.root.client.createUsers({
    users: [{ userName, ...(userEmail ? { userEmail } : {}), accessType: 'ACCESS_TYPE_API', userTags: tagIds, authenticators: [], apiKeys: [{ apiKeyName: userName, publicKey: keys.publicKey }] }],
  } as never);
  return { userId: created.result.createUsersResult!.userIds[0]!, client: t.clientFor(keys), publicKey: keys.publicKey };
}

async function userTags(s: Scenario, tags: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const tag of tags) {
    if (!s.ids.has(tag)) {
      const created = await s.t.root.client.createUserTag({ userTagName: tag, userIds: [] });
      s.ids.set(tag, created.result.createUserTagResult!.userTagId);
    }
    out.push(s.ids.get(tag)!);
  }
  return out;
}

/** Creates everything the case's context names and maps each sample identifier to the created one. */
async function setUp(example: PolicyExample, request: PolicyRequest): Promise<Scenario> {
  const t = await createTestContext();
  const wallet = await t.root.client.createWallet({ walletName: 'Examples', accounts: [ETH_ACCOUNT, SOL_ACCOUNT] } as never);
  const [ethAddress, solAddress] = wallet.result.createWalletResult!.addresses as [string, string];
  const walletId = wallet.result.createWalletResult!.walletId;
  const s: Scenario = { t, ids: new Map(), submitter: t.root.client, approvers: [], walletId, ethAddress, solAddress, exampleId: example.id };
  const sampleWallet = (request.wallet as { id?: string } | undefined)?.id;
  if (sampleWallet) s.ids.set(sampleWallet, walletId);

  const key = request.private_key as { id: string; tags: string[] } | undefined;
  if (key) {
    const solana = request.solana !== undefined;
    const created = await t.root.client.createPrivateKeys({
      privateKeys: [{ privateKeyName: key.id, curve: solana ? 'CURVE_ED25519' : 'CURVE_SECP256K1', privateKeyTags: [], addressFormats: [solana ? 'ADDRESS_FORMAT_SOLANA' : 'ADDRESS_FORMAT_ETHEREUM'] }],
    } as never);
    const made = created.result.createPrivateKeysResult!.privateKeys[0]!;
    s.privateKeyId = made.privateKeyId;
    if (solana) s.solAddress = made.addresses[0]!.address;
    s.ids.set(key.id, made.privateKeyId);
    for (const tag of key.tags) {
      const tagged = await t.root.client.createPrivateKeyTag({ privateKeyTagName: tag, privateKeyIds: [made.privateKeyId] } as never);
      s.ids.set(tag, (tagged.result as { createPrivateKeyTagResult: { privateKeyTagId: string } }).createPrivateKeyTagResult.privateKeyTagId);
    }
  }

  if (typeOf(request) === 'ACTIVITY_TYPE_DELETE_PRIVATE_KEYS' && !key) {
    const created = await t.root.client.createPrivateKeys({ privateKeys: [{ privateKeyName: 'to delete', curve: 'CURVE_SECP256K1', privateKeyTags: [], addressFormats: [] }] } as never);
    s.privateKeyId = created.result.createPrivateKeysResult!.privateKeyIds[0]!;
  }

  // The submitter is never a root user: the root quorum (threshold 1) would skip every policy.
  const sample = request.user as { id: string; name: string; tags: string[] } | undefined;
  const namedInPolicy = sample !== undefined && `${example.policy.condition ?? ''}`.includes(`'${sample.name}'`);
  const credentials = (request.credentials ?? []) as Array<{ type: string; public_key: string }>;
  const emailAuth = credentials.some((c) => c.type === 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256');
  const email = emailAuth ? 'submitter@example.com' : undefined;
  const submitter = await newUser(t, sample ? (namedInPolicy ? sample.name : sample.id) : 'submitter', await userTags(s, sample?.tags ?? []), email);
  if (sample) s.ids.set(sample.id, submitter.userId);
  s.submitter = submitter.client;
  if (emailAuth) {
    // The credential comes from a real email_auth sign-in: the emailed bundle holds the session's key.
    await t.root.client.setOrganizationFeature({ name: 'FEATURE_NAME_EMAIL_AUTH' } as never);
    const target = p256.utils.randomSecretKey();
    await t.root.client.emailAuth({ email: email!, targetPublicKey: bytesToHex(p256.getPublicKey(target, true)) } as never);
    const outbox = await t.emulator.handle({ method: 'GET', path: '/emulator/v1/outbox', headers: {}, body: '' });
    const bundle = (JSON.parse(outbox.body) as { messages: Array<{ credentialBundle: string }> }).messages[0]!.credentialBundle;
    const sessionKey = await openBundle(bundle, bytesToHex(target));
    s.submitter = t.clientFor({ publicKey: bytesToHex(p256.getPublicKey(sessionKey, true)), privateKey: bytesToHex(sessionKey) });
  }
  // The pinned key of a case that presents it is the submitter's real API key.
  if (credentials.some((c) => c.type === 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR')) {
    const passkey = softPasskey({ authenticatorName: 'passkey' });
    const challenge = b64(globalThis.crypto.getRandomValues(new Uint8Array(32)));
    await t.root.client.createAuthenticators({ userId: submitter.userId, authenticators: [passkey.register(challenge)] } as never);
    s.submitter = new SigilClient({
      baseUrl: BASE_URL,
      organizationId: t.organizationId,
      stamper: { stamp: async (body: string) => ({ stampHeaderName: 'X-Stamp-WebAuthn', stampHeaderValue: passkey.stamp(body) }) },
      fetch: t.fetch,
    });
  }
  for (const credential of credentials) {
    if (example.policy.condition?.includes(credential.public_key)) s.ids.set(credential.public_key, submitter.publicKey);
  }
  for (const approver of (request.approvers ?? []) as Array<{ id: string; tags: string[] }>) {
    const made = await newUser(t, approver.id, await userTags(s, approver.tags));
    s.ids.set(approver.id, made.userId);
    s.approvers.push(made.client);
  }
  return s;
}

/** The example's policy with each sample identifier replaced by the one created for the case. */
function realPolicy(example: PolicyExample, ids: Map<string, string>) {
  const swap = (text: string | undefined) => {
    if (text === undefined) return undefined;
    let out = text;
    for (const [sample, real] of ids) out = out.split(`'${sample}'`).join(`'${real}'`);
    return out;
  };
  const { condition, consensus, ...rest } = example.policy;
  return { ...rest, ...(condition !== undefined ? { condition: swap(condition) } : {}), ...(consensus !== undefined ? { consensus: swap(consensus) } : {}) };
}

/** Submits the real activity whose policy context is the case's request. */
async function submit(s: Scenario, request: PolicyRequest): Promise<Activity> {
  const c = s.submitter;
  const signWith = s.privateKeyId ?? (request.solana ? s.solAddress : s.ethAddress);
  switch (typeOf(request)) {
    case 'ACTIVITY_TYPE_SIGN_TRANSACTION': {
      if (request.solana) {
        const tx = (request.solana as { tx: { program_keys?: string[]; transfers?: Array<{ from: string; to: string; amount: number }> } }).tx;
        // A transfer's `from` is the signing account; a transfer "to" that same sample account stays with it.
        const from = tx.transfers?.[0]?.from;
        const transfers = tx.transfers?.map((t) => ({ to: t.to === from ? s.solAddress : t.to, amount: t.amount }));
        const unsignedTransaction = solanaMessage(s.solAddress, { program_keys: tx.program_keys, transfers });
        return c.signTransaction({ signWith, unsignedTransaction, type: 'TRANSACTION_TYPE_SOLANA' } as never).then((a) => a as Activity);
      }
      // A signing request without eth.tx still signs a real transaction: a zero-value transfer on mainnet.
      const tx = ((request.eth as { tx?: Record<string, unknown> } | undefined)?.tx ?? {}) as Record<string, unknown>;
      return c.signTransaction({ signWith, unsignedTransaction: ethTransaction(tx), type: 'TRANSACTION_TYPE_ETHEREUM' } as never).then((a) => a as Activity);
    }
    case 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD':
      return c.signRawPayload({ signWith, payload: 'policy example', encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_SHA256' } as never) as Promise<Activity>;
    case 'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS':
      return c.signRawPayloads({ signWith, payloads: ['a', 'b'], encoding: 'PAYLOAD_ENCODING_TEXT_UTF8', hashFunction: 'HASH_FUNCTION_SHA256' } as never) as Promise<Activity>;
    case 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY':
      return c.exportPrivateKey({ privateKeyId: s.privateKeyId!, targetPublicKey: targetPublicKey() }) as Promise<Activity>;
    case 'ACTIVITY_TYPE_EXPORT_WALLET':
      return c.exportWallet({ walletId: s.walletId, targetPublicKey: targetPublicKey() }) as Promise<Activity>;
    case 'ACTIVITY_TYPE_UPDATE_ROOT_QUORUM':
      return c.updateRootQuorum({ threshold: 1, userIds: [s.t.root.userId] } as never) as Promise<Activity>;
    case 'ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE':
      return c.setOrganizationFeature({ name: 'FEATURE_NAME_WEBHOOK', value: 'https://hooks.example/sigil' } as never) as Promise<Activity>;
    case 'ACTIVITY_TYPE_CREATE_POLICY_V3':
      return c.createPolicy({ policyName: 'Another policy', effect: 'EFFECT_DENY', condition: "activity.action == 'IMPORT'" } as never) as Promise<Activity>;
    case 'ACTIVITY_TYPE_DELETE_POLICY': {
      const { policies } = await s.t.root.client.listPolicies({});
      return c.deletePolicy({ policyId: policies[0]!.policyId }) as Promise<Activity>;
    }
    case 'ACTIVITY_TYPE_DELETE_WALLETS':
      return c.deleteWallets({ walletIds: [s.walletId], deleteWithoutExport: true } as never) as Promise<Activity>;
    case 'ACTIVITY_TYPE_DELETE_PRIVATE_KEYS':
      return c.deletePrivateKeys({ privateKeyIds: [s.privateKeyId!], deleteWithoutExport: true } as never) as Promise<Activity>;
    case 'ACTIVITY_TYPE_CREATE_WALLET':
      return c.createWallet({ walletName: 'Made by the case', accounts: [ETH_ACCOUNT] } as never) as Promise<Activity>;
    case 'ACTIVITY_TYPE_CREATE_USERS':
      return c.createUsers({ users: [{ userName: 'new user', accessType: 'ACCESS_TYPE_API', userTags: [], authenticators: [], apiKeys: [] }] } as never) as Promise<Activity>;
    default:
      throw new Error(`no request builder for ${typeOf(request)}; add one or list the case in NOT_RUNNABLE`);
  }
}

async function activityCount(t: TestContext): Promise<number> {
  return (await t.root.client.listActivities({})).activities.length;
}

async function runCase(example: PolicyExample, c: PolicyExampleCase): Promise<void> {
  const s = await setUp(example, c.request);
  try {
    await s.t.root.client.createPolicy(realPolicy(example, s.ids) as never);
    const before = await activityCount(s.t);
    if (c.expected === 'DENY') {
      // Most deny examples would also pass by implicit deny, so the reason must match too: an explicit deny
      // exactly when @sigil/policy, judging the example's own hand-made context, names the policy.
      const offline = evaluatePolicies([example.policy], c.request).reason;
      const error = await submit(s, c.request).then(
        () => undefined,
        (e: unknown) => e as { code: number; message: string },
      );
      expect(error?.code).toBe(7);
      if (offline.startsWith('Denied by policy')) {
        expect(error?.message).toContain(offline.slice(offline.indexOf(':')));
        expect(error?.message).toContain(`Denied by policy`);
        expect(error?.message).toContain(example.policy.policyName);
      } else {
        expect(error?.message).not.toContain('Denied by policy');
      }
      expect(await activityCount(s.t)).toBe(before);
      return;
    }
    const activity = await submit(s, c.request);
    expect(activity.type).toBe(typeOf(c.request));
    if (c.expected === 'ROOT_QUORUM') {
      // Policies (even a deny) are skipped: the activity waits for the root quorum, whose approval runs it.
      expect(activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
      await s.t.root.client.approveActivity({ fingerprint: activity.fingerprint });
      expect((await s.t.root.client.getActivity({ activityId: activity.id })).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
      return;
    }
    if (s.approvers.length === 0) {
      expect(activity.status).toBe(c.expected === 'ALLOW' ? 'ACTIVITY_STATUS_COMPLETED' : 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
      return;
    }
    // The case lists approvals: the activity waits, then the listed users approve. For an ALLOW case each
    // approval but the last leaves it waiting and the last completes it; for a CONSENSUS_NEEDED case the
    // approvals go in reverse order (an earlier subset may already satisfy the policy) and it still waits.
    expect(activity.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    const order = c.expected === 'ALLOW' ? s.approvers : [...s.approvers].reverse();
    // A user the waiting consensus does not count may not vote (code 7), so an example whose approvers include
    // such a user (an "outsider" who would block an `approvers.all(…)` consensus) cannot be replayed vote for vote:
    // the refused vote is checked, and the statuses after it follow the votes that were taken.
    let refused = 0;
    for (const [i, approver] of order.entries()) {
      if (c.expected === 'ALLOW') await approver.approveActivity({ fingerprint: activity.fingerprint });
      else {
        await approver.approveActivity({ fingerprint: activity.fingerprint }).catch((error: { code?: number; message?: string }) => {
          expect(error).toMatchObject({ code: 7, message: expect.stringContaining('does not count') });
          refused++;
        });
      }
      const status = (await s.t.root.client.getActivity({ activityId: activity.id })).activity.status;
      const last = i === order.length - 1;
      if (refused === 0) expect(status).toBe(last && c.expected === 'ALLOW' ? 'ACTIVITY_STATUS_COMPLETED' : 'ACTIVITY_STATUS_CONSENSUS_NEEDED');
    }
    expect((await s.t.root.client.getActivity({ activityId: activity.id })).activity.votes).toHaveLength(order.length - refused);
  } finally {
    await s.t.close();
  }
}

const ran: string[] = [];
const skipped: string[] = [];
const disagreeing: string[] = [];

describe('every policy example through the emulator, from real requests', () => {
  for (const example of POLICY_EXAMPLES) {
    for (const c of example.cases) {
      const key = caseKey(example, c);
      if (NOT_RUNNABLE[key] !== undefined) {
        skipped.push(key);
        continue;
      }
      if (DISAGREES[key] !== undefined) {
        disagreeing.push(key);
        it.fails(`${key}: ${c.expected} (disagrees, see DISAGREES)`, async () => {
          await runCase(example, c);
        });
        continue;
      }
      it(`${key}: ${c.expected}`, async () => {
        await runCase(example, c);
        ran.push(key);
      });
    }
  }

  it('NOT_RUNNABLE and DISAGREES name only existing cases, with a reason each', () => {
    const all = new Set(POLICY_EXAMPLES.flatMap((e) => e.cases.map((c) => caseKey(e, c))));
    for (const [key, reason] of [...Object.entries(NOT_RUNNABLE), ...Object.entries(DISAGREES)]) {
      expect(all.has(key), key).toBe(true);
      expect(reason.length).toBeGreaterThan(40);
    }
    expect(Object.keys(NOT_RUNNABLE)).toEqual([]);
    expect(Object.keys(DISAGREES)).toEqual([]);
    expect([...skipped].sort()).toEqual(Object.keys(NOT_RUNNABLE).sort());
    expect([...disagreeing].sort()).toEqual(Object.keys(DISAGREES).sort());
    expect(all.size - skipped.length - disagreeing.length).toBeGreaterThanOrEqual(50);
  });

  afterAll(() => {
    console.log(`policy examples through the emulator: ${ran.length} cases run, ${skipped.length} not runnable (${disagreeing.length} more run but disagree)`);
  });
});
