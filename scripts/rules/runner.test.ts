// The runner and the catalog loader fail where they must: a scenario whose expectation is wrong, and a rule
// that is malformed, are reported with the rule and the step.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBehaviorRules } from '../../packages/api-spec/scripts/behavior-rules.mjs';
import { runScenario } from './runner.mjs';
import { coreTarget } from './targets.mjs';

const target = coreTarget();
afterAll(() => target.close());

describe('runScenario', () => {
  it('fails a step that expects a code the emulator does not answer', async () => {
    const rule = { id: 'test.wrong-code', scenario: [{ call: 'whoami', expect: { code: 7 } }] };
    await expect(runScenario(rule, target)).rejects.toThrow(/test\.wrong-code \(in-process core\), step 1 \(whoami as root\): expected code 7/);
  });

  it('fails a match that does not hold, and a variable no step set', async () => {
    await expect(runScenario({ id: 'test.match', scenario: [{ call: 'listWallets', match: { 'wallets.length': 1 } }] }, target)).rejects.toThrow(
      /expected wallets\.length = 1, got 0/,
    );
    await expect(runScenario({ id: 'test.var', scenario: [{ call: 'getWallet', with: { walletId: '${nothing}' } }] }, target)).rejects.toThrow(/\$\{nothing\} is not set/);
  });
});

describe('loadBehaviorRules', () => {
  const write = (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    writeFileSync(join(dir, 'a.yaml'), text);
    return dir;
  };

  it('reads each rule with its source file and line', () => {
    const dir = write('rules:\n  - id: a.b\n    sentence: A rule.\n    codes: [7]\n    scenario:\n      - call: whoami\n');
    expect(loadBehaviorRules(dir, [7])).toEqual([expect.objectContaining({ id: 'a.b', codes: [7], source: 'packages/api-spec/rules/a.yaml', line: 2 })]);
  });

  it('refuses an unknown code, a duplicate id and a step of no kind', () => {
    expect(() => loadBehaviorRules(write('rules:\n  - id: a.b\n    sentence: A rule.\n    codes: [99]\n    scenario: [{ call: whoami }]\n'), [7])).toThrow(/code 99/);
    expect(() => loadBehaviorRules(write('rules:\n  - id: a.b\n    sentence: A.\n    scenario: [{ call: whoami }]\n  - id: a.b\n    sentence: B.\n    scenario: [{ call: whoami }]\n'), [])).toThrow(/defined twice/);
    expect(() => loadBehaviorRules(write('rules:\n  - id: a.b\n    sentence: A.\n    scenario: [{ as: root }]\n'), [])).toThrow(/step 1 needs exactly one/);
  });
});
