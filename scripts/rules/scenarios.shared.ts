// Every rule of the catalogue as one test, against one target that the calling file starts once.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadBehaviourRules } from '../../packages/api-spec/scripts/behaviour-rules.mjs';
import { runScenario } from './runner.mjs';

interface Target {
  name: string;
  close(): Promise<void>;
}

export function describeRules(start: () => Target | Promise<Target>): void {
  const rules = loadBehaviourRules() as Array<{ id: string }>;
  let target: Target;
  beforeAll(async () => {
    target = await start();
  });
  afterAll(async () => target?.close());
  describe.each(rules.map((rule) => [rule.id, rule] as const))('%s', (_id, rule) => {
    it('its scenario passes', async () => {
      await runScenario(rule, target);
    });
  });
}
