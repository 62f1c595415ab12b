// Every rule of the catalog as one test, against one target that the calling file starts once.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadBehaviorRules } from '../../packages/api-spec/scripts/behavior-rules.mjs';
import { runScenario } from './runner.mjs';

interface Target {
  name: string;
  close(): Promise<void>;
}

export function describeRules(start: () => Target | Promise<Target>): void {
  const rules = loadBehaviorRules() as Array<{ id: string }>;
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
