// The conformance scenario with the TypeScript SDK (@sigil/http): the steps of README.md, one JSON object of
// answers on stdout. Plain ESM so Node runs it without a build step.
import { createPublicKey, verify } from 'node:crypto';
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient, SigilError, waitForActivity } from '@sigil/http';

const env = process.env;
const label = env.SCENARIO_LABEL;
const client = (baseUrl, apiPublicKey, apiPrivateKey) =>
  new SigilClient({ baseUrl, organizationId: env.SIGIL_ORGANIZATION_ID, stamper: new ApiKeyStamper({ apiPublicKey, apiPrivateKey }) });

/** A Solana address (Bitcoin's base58 alphabet) as its bytes: the Ed25519 public key. */
function base58Decode(text) {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) throw new Error(`not base58: ${text}`);
    n = n * 58n + BigInt(digit);
  }
  const zeros = text.length - text.replace(/^1+/, '').length;
  const hex = n === 0n ? '' : n.toString(16).padStart(Math.ceil(n.toString(16).length / 2) * 2, '0');
  return Buffer.concat([Buffer.alloc(zeros), Buffer.from(hex, 'hex')]);
}

/** Node verifies Ed25519 with a SubjectPublicKeyInfo: the fixed DER prefix of an Ed25519 key, then its 32 bytes. */
const ed25519Key = (raw) => createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });

const solanaAccount = [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' }];
const root = client(env.SIGIL_BASE_URL, env.SIGIL_API_PUBLIC_KEY, env.SIGIL_API_PRIVATE_KEY);
const answers = {};

const me = await root.whoami();
answers.whoami = { username: me.username, organizationName: me.organizationName };

const created = await waitForActivity(root, await root.createWallet({ walletName: `wallet ${label}`, accounts: solanaAccount }));
const { addresses } = created.activity.result.createWalletResult;
answers.wallet = { outcome: created.outcome, addresses: addresses.length };

const payload = Buffer.from('conformance payload');
const signed = await waitForActivity(
  root,
  await root.signRawPayload({ signWith: addresses[0], payload: payload.toString('hex'), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' }),
);
const { r, s } = signed.activity.result.signRawPayloadResult;
const signature = Buffer.from(r + s, 'hex');
const key = ed25519Key(base58Decode(addresses[0]));
answers.signature = {
  outcome: signed.outcome,
  verified: verify(null, payload, key, signature),
  verifiesAnotherPayload: verify(null, Buffer.from('another payload'), key, signature),
};

const alice = client(env.SIGIL_BASE_URL, env.ALICE_API_PUBLIC_KEY, env.ALICE_API_PRIVATE_KEY);
const waiting = await waitForActivity(alice, await alice.createWallet({ walletName: `approved ${label}`, accounts: solanaAccount }));
const approval = await waitForActivity(root, await root.approveActivity({ fingerprint: waiting.activity.fingerprint }));
// The submitter reads its activity again: the approval carried it out.
const final = await alice.getActivity({ activityId: waiting.activity.id });
answers.approval = { submitted: waiting.outcome, approval: approval.outcome, final: final.activity.status };

try {
  await root.getWallet({ walletId: '00000000-0000-4000-8000-000000000000' });
  throw new Error('get_wallet of an unknown wallet succeeded');
} catch (error) {
  if (!(error instanceof SigilError)) throw error;
  answers.refused = { status: error.status, code: error.code, codeName: error.codeName };
}

const flaky = client(env.SIGIL_FLAKY_URL, env.SIGIL_API_PUBLIC_KEY, env.SIGIL_API_PRIVATE_KEY);
answers.retriedQuery = { username: (await flaky.whoami()).username };
const tagged = await waitForActivity(root, await flaky.createUserTag({ userTagName: `tag ${label}`, userIds: [] }));
answers.retriedSubmission = { outcome: tagged.outcome };

console.log(JSON.stringify(answers));
