/**
 * Holds the security, embedded-wallet, signing-automation and reference pages to their sources:
 * every enum value, operation and policy field they name exists in the API document or the policy
 * engine, the policies they create mean what the page says, and the bundle helpers they print
 * interoperate (what one seals, the other opens).
 */
import {mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {p256} from '@noble/curves/nist.js';
import {bytesToHex, hexToBytes, utf8ToBytes} from '@noble/hashes/utils.js';
import {CONTEXT_FIELDS, check, evaluatePolicies, parse} from '@sigil/policy';
import type {PolicyRequest} from '@sigil/policy';
import {describe, expect, it} from 'vitest';

const docs = join(__dirname, '..', 'docs');
const read = (page: string): string => readFileSync(join(docs, page), 'utf8');
const mdx = (dir: string): string[] =>
  readdirSync(join(docs, dir))
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => `${dir}/${f}`);

const PAGES = [
  ...mdx('security'),
  'embedded-wallets/sub-organizations-as-wallets.mdx',
  'embedded-wallets/sub-organization-auth.mdx',
  'embedded-wallets/sub-organization-recovery.mdx',
  ...mdx('embedded-wallets/code-examples'),
  ...mdx('signing-automation'),
  ...mdx('signing-automation/code-examples'),
  ...mdx('reference'),
];

interface Schema {
  enum?: unknown[];
  description?: string;
  properties?: Record<string, {description?: string; default?: unknown}>;
}
interface Document {
  paths: Record<string, unknown>;
  components: {schemas: Record<string, Schema>};
  'x-limits': {id: string; value: unknown}[];
}

const require = createRequire(__filename);
const spec = JSON.parse(readFileSync(require.resolve('@sigil/api-spec/openapi.json'), 'utf8')) as Document;
const enumValues = new Set(
  Object.values(spec.components.schemas).flatMap((s) => (s.enum ?? []).filter((v) => typeof v === 'string')),
);
const operationNames = new Set(Object.keys(spec.paths).map((path) => path.split('/').pop()!));
const limit = (id: string): unknown => spec['x-limits'].find((l) => l.id === id)?.value;

function codeBlock(page: string, title: string): string {
  const fence = new RegExp('```\\w+ title="' + title.replace(/\./g, '\\.') + '"[^\\n]*\\n([\\s\\S]*?)\\n```').exec(read(page));
  if (!fence) throw new Error(`${page} has no code block titled ${title}`);
  return fence[1]!;
}

describe('pages name only what exists', () => {
  it('covers all 28 pages', () => {
    expect(PAGES).toHaveLength(28);
  });

  it.each(PAGES)('%s names only enum values of the API document', (page) => {
    const prefixes =
      'ACTIVITY_TYPE|ACTIVITY_STATUS|ADDRESS_FORMAT|CURVE|HASH_FUNCTION|PAYLOAD_ENCODING|TRANSACTION_TYPE|PATH_FORMAT|FEATURE_NAME|CREDENTIAL_TYPE|API_KEY_CURVE|SIGNATURE_SCHEME|EFFECT|AUTHENTICATOR_TRANSPORT|MNEMONIC_LANGUAGE|OTP_TYPE|ACCESS_TYPE|VOTE_SELECTION|TAG_TYPE';
    const found = [...read(page).matchAll(new RegExp(`\\b(?:${prefixes})_[A-Z0-9_]*[A-Z0-9](?![\\w<*])`, 'g'))].map((m) => m[0]);
    expect([...new Set(found)].filter((v) => !enumValues.has(v))).toEqual([]);
  });

  it.each(PAGES)('%s names only operations the API has', (page) => {
    const verbs = 'get|list|create|delete|update|sign|export|import|init|approve|reject|set|remove|email|otp|recover';
    const found = [...read(page).matchAll(new RegExp(`\`((?:${verbs})_[a-z_]+)\``, 'g'))].map((m) => m[1]!);
    expect([...new Set(found)].filter((name) => !operationNames.has(name))).toEqual([]);
  });

  it.each(PAGES)('%s names only policy context fields the engine knows', (page) => {
    const known = new Set(CONTEXT_FIELDS.map((f) => f.path));
    // `activity.failure` and the like are API fields; only policy-shaped paths are checked here.
    const found = [...read(page).matchAll(/`((?:eth|solana|wallet_account|wallet|private_key|user)\.[a-z_.]+)`/g)].map((m) => m[1]!);
    expect([...new Set(found)].filter((path) => !known.has(path))).toEqual([]);
  });

  it.each(PAGES)('%s links API reference pages by the generated route scheme', (page) => {
    const links = [...read(page).matchAll(/\]\((\/api\/[^)#]+)\)/g)].map((m) => m[1]!);
    for (const link of links) {
      const name = link.split('/').pop()!.replace(/-/g, '_');
      expect(operationNames.has(name), link).toBe(true);
    }
  });
});

describe('defaults and limits agree with the API document', () => {
  const schemas = spec.components.schemas;

  it('credential and session lifetimes', () => {
    expect(limit('credential-default-lifetime')).toBe(900);
    expect(limit('read-write-session-default-lifetime')).toBe(900);
    expect(limit('read-only-session-lifetime')).toBe(3600);
    expect(read('embedded-wallets/sub-organization-auth.mdx')).toContain('| `expirationSeconds` | no | `900` (15 minutes) |');
    expect(read('security/whitepaper.mdx')).toContain('Read-only sessions last 1 hour.');
  });

  it('the default email auth key name', () => {
    expect(schemas.EmailAuthIntent?.properties?.apiKeyName?.description).toContain('"Email Auth - <Timestamp>"');
    expect(read('embedded-wallets/sub-organization-auth.mdx')).toContain('`Email Auth - <Timestamp>`');
  });

  it('deleteWithoutExport and the exported flag', () => {
    expect(schemas.DeleteWalletsIntent?.properties?.deleteWithoutExport?.default).toBe(false);
    expect(schemas.DeleteWalletsIntent?.description).toContain('already exported the flag is ignored');
    expect(read('security/non-custodial-key-mgmt.mdx')).toContain('for one that was already exported, the flag is ignored');
  });

  it('rate and per-user limits', () => {
    expect(limit('requests-per-second-per-organization')).toBe(60);
    expect(limit('api-keys-per-user')).toBe(10);
    expect(limit('authenticators-per-user')).toBe(10);
    expect(read('security/disaster-recovery.mdx')).toContain('60 requests per second per organization');
  });
});

describe('signing-automation policy', () => {
  const code = codeBlock('signing-automation/code-examples/signing-transactions.mdx', 'create-policy.ts');
  const serviceUserId = /const serviceUserId = '([^']+)'/.exec(code)![1]!;
  const walletId = /const walletId = '([^']+)'/.exec(code)![1]!;
  const condition = /const condition = `([^`]+)`/.exec(code)![1]!.replace('${serviceUserId}', serviceUserId).replace('${walletId}', walletId);
  const policies = [{policyName: 'payout', effect: 'EFFECT_ALLOW' as const, condition}];
  const base = {user: {id: serviceUserId}, activity: {type: 'ACTIVITY_TYPE_SIGN_TRANSACTION'}, wallet: {id: walletId}};
  const eth = (to: string, value: string): PolicyRequest => ({
    ...base,
    eth: {tx: {to, value, chain_id: 1, data: '0x', gas: 21000, nonce: 7}},
  });
  const sol = (to: string, amount: number, program = '11111111111111111111111111111111'): PolicyRequest => ({
    ...base,
    solana: {tx: {program_keys: [program], transfers: [{from: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', to, amount}], recent_blockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N'}},
  });
  const recipient = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
  const solRecipient = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

  it('parses and checks', () => {
    expect(check(parse(condition))).toEqual([]);
  });

  it('allows what the page says: up to 0.1 ETH or 1 SOL to the listed recipients', () => {
    expect(evaluatePolicies(policies, eth(recipient, '100000000000000000')).outcome).toBe('ALLOW');
    expect(evaluatePolicies(policies, sol(solRecipient, 1_000_000_000)).outcome).toBe('ALLOW');
  });

  it('denies more, other recipients, other programs and other users', () => {
    expect(evaluatePolicies(policies, eth(recipient, '100000000000000001')).outcome).toBe('DENY');
    expect(evaluatePolicies(policies, eth('0x2f318C334780961FB129D2a6c30D0763d9a5C970', '1')).outcome).toBe('DENY');
    expect(evaluatePolicies(policies, sol(solRecipient, 1_000_000_001)).outcome).toBe('DENY');
    expect(evaluatePolicies(policies, sol(solRecipient, 1, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).outcome).toBe('DENY');
    expect(evaluatePolicies(policies, {...eth(recipient, '1'), user: {id: 'someone-else'}}).outcome).toBe('DENY');
  });

  it('the overview example condition parses and checks', () => {
    const block = /```text\n([\s\S]*?)\n\s*```/.exec(read('signing-automation/overview.mdx'))![1]!;
    expect(check(parse(block.replace(/^ {2}/gm, '')))).toEqual([]);
  });
});

describe('bundle helpers of enclave-secure-channels', () => {
  it('seal an import bundle that the export example opens, and reject a forged one', async () => {
    const dir = mkdtempSync(join(__dirname, '.tmp-bundles-'));
    try {
      const page = 'security/enclave-secure-channels.mdx';
      writeFileSync(join(dir, 'open-bundle.ts'), codeBlock(page, 'open-bundle.ts'));
      writeFileSync(join(dir, 'seal-to-import-bundle.ts'), codeBlock(page, 'seal-to-import-bundle.ts'));
      const {exportAccountKey} = (await import(pathToFileURL(join(dir, 'open-bundle.ts')).href)) as {
        exportAccountKey(client: unknown, address: string): Promise<string>;
      };
      const {sealPrivateKey} = (await import(pathToFileURL(join(dir, 'seal-to-import-bundle.ts')).href)) as {
        sealPrivateKey(
          importBundle: string,
          privateKeyHex: string,
          expected: {enclaveQuorumPublicKeys: readonly string[]; organizationId: string; userId: string},
        ): Promise<string>;
      };

      // Play the enclave: a quorum signing key that signs an import bundle for a given one-time key.
      const quorum = p256.keygen();
      const organizationId = 'f3b0c9a4-2d71-4c1e-9f55-7a1e3c8d2b60';
      const userId = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
      const enclaveQuorumPublic = bytesToHex(p256.getPublicKey(quorum.secretKey, false));
      const importBundleFor = (targetPublic: string, forUser = userId): string => {
        const data = utf8ToBytes(JSON.stringify({targetPublic, organizationId, userId: forUser}));
        return JSON.stringify({
          enclaveQuorumPublic,
          dataSignature: bytesToHex(p256.sign(data, quorum.secretKey, {format: 'der'})),
          data: bytesToHex(data),
          version: 'v1.0.0',
        });
      };
      const otherQuorum = bytesToHex(p256.getPublicKey(p256.keygen().secretKey, false));
      // During a rotation overlap two keys are pinned, and a bundle signed by either must be accepted.
      const pinned = [otherQuorum, enclaveQuorumPublic];
      const privateKey = bytesToHex(p256.keygen().secretKey);

      // The export example asks a client for an exportBundle; this one seals the key with the import example,
      // to whatever targetPublicKey the export example generated, so each example checks the other.
      let sealed = '';
      const client = {
        async exportWalletAccount({targetPublicKey}: {address: string; targetPublicKey: string}) {
          const uncompressed = bytesToHex(p256.Point.fromHex(targetPublicKey).toBytes(false));
          sealed = await sealPrivateKey(importBundleFor(uncompressed), privateKey, {enclaveQuorumPublicKeys: pinned, organizationId, userId});
          return {outcome: 'COMPLETED', activity: {result: {exportWalletAccountResult: {address: '0x', exportBundle: sealed}}}};
        },
      };
      expect(await exportAccountKey(client, '0x')).toBe(privateKey);
      expect(sealed).toMatch(/^04[0-9a-f]+$/);
      expect(hexToBytes(sealed).length).toBe(65 + 32 + 16);

      const someKey = bytesToHex(p256.getPublicKey(p256.keygen().secretKey, false));
      await expect(sealPrivateKey(importBundleFor(someKey), privateKey, {enclaveQuorumPublicKeys: [otherQuorum], organizationId, userId})).rejects.toThrow(
        /not one of the pinned enclave quorum keys/,
      );
      await expect(
        sealPrivateKey(importBundleFor(someKey, 'another-user'), privateKey, {enclaveQuorumPublicKeys: pinned, organizationId, userId}),
      ).rejects.toThrow(/issued for organization/);
      const tamperingClient = {
        async exportWalletAccount(input: {address: string; targetPublicKey: string}) {
          const answer = await client.exportWalletAccount(input);
          const bundle = answer.activity.result.exportWalletAccountResult.exportBundle;
          answer.activity.result.exportWalletAccountResult.exportBundle = bundle.slice(0, -2) + (bundle.endsWith('00') ? '01' : '00');
          return answer;
        },
      };
      await expect(exportAccountKey(tamperingClient, '0x')).rejects.toThrow(/does not open with this key/);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
