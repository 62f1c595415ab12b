#!/usr/bin/env node
// Parse-time benchmark of the policy language (`npm run bench -w packages/policy`): the typical
// policies of POLICY_EXAMPLES, the worst inputs that still fit the limits, and inputs the limits
// refuse. Prints one line per input. A benchmark, not a test: the figures depend on the machine.
import { MAX_EXPRESSION_LENGTH as LEN, MAX_NESTING_DEPTH as D, POLICY_EXAMPLES, parse, parsePolicyExpression } from '../dist/index.js';

const repeat = (s, n) => s.repeat(Math.max(0, n));
/** The longest prefix of `pieces` repeated that fits in `budget` characters, then `end`. */
const fill = (piece, end, budget = LEN) => repeat(piece, Math.floor((budget - end.length) / piece.length)) + end;

const typical = POLICY_EXAMPLES.flatMap((e) => [e.policy.condition, e.policy.consensus]).filter((s) => s && s.trim() !== '');

const cases = [
  ['typical: every example condition and consensus (per expression)', typical],
  [`at the cap: ${D} nested parentheses`, [repeat('(', D) + 'true' + repeat(')', D)]],
  [`at the cap: ${D} nested parentheses, never closed (syntax error)`, [repeat('(', D) + 'true']],
  [`at the cap: ${D} nested quantifiers`, [repeat('approvers.any(u, ', D) + 'true' + repeat(')', D)]],
  [`at the cap: ${D} nested quantifiers around parentheses, never closed`, [repeat('approvers.any(u, (', D / 2) + 'true']],
  [`at the cap: ${D} comparisons nested in parentheses`, [repeat('(a == ', D) + 'b' + repeat(')', D)]],
  [`at the cap: ! repeated ${D} times`, [repeat('!', D) + 'true']],
  [`at the cap: an && chain of ${LEN} characters`, [fill('true && ', 'true')]],
  [`at the cap: an allowlist of ${LEN} characters`, [`eth.tx.to in [${fill("'0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c', ", "'0x0']", LEN - 14)}`]],
  ['refused: ! repeated 5,000 times', [repeat('!', 5000) + 'true']],
  ['refused: 20,000 (', [repeat('(', 20000)]],
  ['refused: an && chain of 10,000 terms', [Array.from({ length: 10000 }, () => 'true').join(' && ')]],
  ['refused: a string of 1,000,000 characters', [`user.name == '${repeat('x', 1_000_000)}'`]],
];

function timePerParse(inputs) {
  const run = () => {
    for (const src of inputs) {
      const r = parsePolicyExpression(src);
      if (r.ok && r.expr === undefined) throw new Error('empty input in the benchmark');
    }
  };
  // Warm up, then take the median of several timed batches.
  const warm = performance.now();
  let batch = 0;
  while (performance.now() - warm < 200) { run(); batch++; }
  const samples = [];
  for (let s = 0; s < 9; s++) {
    const t = performance.now();
    for (let i = 0; i < batch; i++) run();
    samples.push((performance.now() - t) / (batch * inputs.length));
  }
  samples.sort((a, b) => a - b);
  return samples[4];
}

const format = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
console.log(`Policy parse time (parse and check), node ${process.version}, limits ${LEN} characters / depth ${D}`);
for (const [label, inputs] of cases) {
  let outcome;
  try {
    const r = parsePolicyExpression(inputs[0]);
    outcome = r.ok ? 'ok' : r.errors[0].code;
  } catch (e) {
    outcome = `THREW ${e?.name}`;
  }
  console.log(`${format(timePerParse(inputs)).padStart(10)}  ${label} [${outcome}]`);
}
// Keep `parse` referenced so a change of export name breaks the benchmark loudly.
void parse;
