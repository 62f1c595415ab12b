import { loadBehaviourRules } from '/work/wt/rules/packages/api-spec/scripts/behaviour-rules.mjs';
import { runAll } from '/work/wt/rules/scripts/rules/runner.mjs';
import { coreTarget } from '/work/wt/rules/scripts/rules/targets.mjs';
const t = coreTarget(); const only = process.argv[2];
const r = await runAll(loadBehaviourRules().filter(x => !only || x.id.startsWith(only)), t);
console.log(r.passed, 'passed'); for (const f of r.failures) console.log(f.id, '::', f.message.slice(0, 500));
await t.close();
