/**
 * One scenario, several SDKs: the TypeScript, Go, Ruby and Rust SDKs go through the same steps against one emulator
 * (README.md lists them) and must give the same answers, and the emulator and a flaky proxy must have seen the
 * same traffic from each.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {generateApiKeyPair} from '@sigil/api-key-stamper';
import {waitForActivity} from '@sigil/http';
import {startTestEmulator, type TestEmulator} from '@sigil/emulator/testing';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {exec, LANGUAGES, type ScenarioLanguage} from './languages';
import {DROPPED, startFlakyProxy, UNAVAILABLE, type FlakyProxy} from './proxy';

/** What every SDK must answer (the steps of README.md). */
const EXPECTED = {
  whoami: {username: 'root', organizationName: 'Emulator Organization'},
  wallet: {outcome: 'COMPLETED', addresses: 1},
  signature: {outcome: 'COMPLETED', verified: true, verifiesAnotherPayload: false},
  approval: {submitted: 'CONSENSUS_NEEDED', approval: 'COMPLETED', final: 'ACTIVITY_STATUS_COMPLETED'},
  refused: {status: 404, code: 5, codeName: 'NOT_FOUND'},
  retriedQuery: {username: 'root'},
  retriedSubmission: {outcome: 'COMPLETED'},
};

describe('one scenario through every SDK', () => {
  let emulator: TestEmulator;
  let work: string;
  const alice = generateApiKeyPair();
  const proxies: FlakyProxy[] = [];

  beforeAll(async () => {
    emulator = await startTestEmulator({organizationName: 'Emulator Organization'});
    work = mkdtempSync(path.join(tmpdir(), 'sigil-conformance-'));
    // Alice's activities wait for one approval: the scenario's approval step submits as her.
    const root = emulator.client;
    const users = await waitForActivity(
      root,
      await root.createUsers({
        users: [{userName: 'alice', accessType: 'ACCESS_TYPE_API', apiKeys: [{apiKeyName: 'alice', publicKey: alice.publicKey}], authenticators: [], userTags: []}],
      }),
    );
    const aliceId = users.activity.result.createUsersResult!.userIds[0]!;
    const policy = await waitForActivity(
      root,
      await root.createPolicy({policyName: 'alice needs one approval', effect: 'EFFECT_ALLOW', condition: `user.id == '${aliceId}'`, consensus: 'approvers.count() >= 1'}),
    );
    expect(policy.outcome).toBe('COMPLETED');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    await emulator?.close();
    if (work) rmSync(work, {recursive: true, force: true});
  });

  /** Runs one language's scenario program with the root key `rootKeys` (a stranger's, to see it fail). */
  async function runScenario(language: ScenarioLanguage, label: string, rootKeys: {publicKey: string; privateKey: string}) {
    const program = await language.prepare(work);
    const proxy = await startFlakyProxy(emulator.url);
    proxies.push(proxy);
    const result = await exec(program.command, program.args, {
      cwd: program.cwd,
      env: {
        SCENARIO_LABEL: label,
        SIGIL_BASE_URL: emulator.url,
        SIGIL_FLAKY_URL: proxy.url,
        SIGIL_ORGANIZATION_ID: emulator.organizationId,
        SIGIL_API_PUBLIC_KEY: rootKeys.publicKey,
        SIGIL_API_PRIVATE_KEY: rootKeys.privateKey,
        ALICE_API_PUBLIC_KEY: alice.publicKey,
        ALICE_API_PRIVATE_KEY: alice.privateKey,
      },
    });
    return {result, proxy};
  }

  it('a scenario whose key the organization does not know fails (the checks below can fail)', async () => {
    const {result} = await runScenario(LANGUAGES[0]!, 'stranger', generateApiKeyPair());
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
  });

  for (const language of LANGUAGES) {
    it(`${language.id}: answers as every SDK must, retrying only what is safe`, async () => {
      const started = Date.now();
      const {result, proxy} = await runScenario(language, language.id, emulator.rootKeys);
      expect(result.code, `${language.id} scenario failed:\n${result.stderr}\n${result.stdout}`).toBe(0);
      const answers = JSON.parse(result.stdout.trim().split('\n').pop()!) as unknown;
      expect(answers).toEqual(EXPECTED);
      // The dropped query and the UNAVAILABLE submission were each sent twice; nothing else was repeated.
      expect(proxy.attempts.get(DROPPED)).toBe(2);
      expect(proxy.attempts.get(UNAVAILABLE)).toBe(2);
      // The retried submission made one tag, not two.
      const tags = await emulator.client.listUserTags();
      expect(tags.userTags.filter((t) => t.tagName === `tag ${language.id}`)).toHaveLength(1);
      console.log(`${language.id} scenario: ${((Date.now() - started) / 1000).toFixed(1)} s (build included)`);
    }, 300_000);
  }
});
