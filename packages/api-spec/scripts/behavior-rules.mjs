// The behavior-rule catalog (rules/*.yaml): loads and checks it, and writes dist/behavior-rules.json, which the
// website's rules page and the statement check read. Run as a script it bundles; imported it loads.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LineCounter, parseDocument } from 'yaml';

const packageDir = new URL('..', import.meta.url);
export const RULES_DIR = fileURLToPath(new URL('rules/', packageDir));
const ID = /^[a-z][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+$/;
const STEP_KINDS = ['call', 'send', 'burst', 'user', 'credential', 'clock'];

/**
 * Every rule of every catalog file, in file order, each with `source` (`packages/api-spec/rules/<file>`) and
 * `line` (of its `id`). Throws on a malformed rule, naming the file and the rule.
 */
export function loadBehaviorRules(dir = RULES_DIR, errorCodes = documentErrorCodes()) {
  const rules = [];
  const known = new Set(errorCodes);
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.yaml')).sort()) {
    const lineCounter = new LineCounter();
    const doc = parseDocument(readFileSync(`${dir}/${file}`, 'utf8'), { lineCounter });
    if (doc.errors.length > 0) throw new Error(`rules/${file}: ${doc.errors[0].message}`);
    const items = doc.get('rules');
    if (!items?.items) throw new Error(`rules/${file}: needs a top-level list "rules"`);
    for (const node of items.items) {
      const rule = node.toJSON();
      const where = `rules/${file}, rule ${rule.id ?? '(no id)'}`;
      if (!ID.test(rule.id ?? '')) throw new Error(`${where}: id must be dotted lower case, like policy.deny-wins`);
      if (typeof rule.sentence !== 'string' || !/^[A-Z`].*\.$/s.test(rule.sentence.trim())) throw new Error(`${where}: sentence must be one sentence ending with a full stop`);
      for (const code of rule.codes ?? []) if (!known.has(code)) throw new Error(`${where}: code ${code} is not in the document's x-error-codes`);
      if (!Array.isArray(rule.scenario) || rule.scenario.length === 0) throw new Error(`${where}: needs a scenario`);
      rule.scenario.forEach((step, i) => {
        const kinds = STEP_KINDS.filter((kind) => kind in step);
        if (kinds.length !== 1) throw new Error(`${where}: step ${i + 1} needs exactly one of ${STEP_KINDS.join(', ')}`);
      });
      const line = lineCounter.linePos(node.get('id', true).range[0]).line;
      rules.push({ id: rule.id, sentence: rule.sentence.trim(), codes: rule.codes ?? [], source: `packages/api-spec/rules/${file}`, line, scenario: rule.scenario });
    }
  }
  const seen = new Set();
  for (const rule of rules) {
    if (seen.has(rule.id)) throw new Error(`rule ${rule.id} is defined twice`);
    seen.add(rule.id);
  }
  return rules;
}

function documentErrorCodes() {
  const document = JSON.parse(readFileSync(new URL('dist/openapi.json', packageDir), 'utf8'));
  return document['x-error-codes'].map((entry) => entry.code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rules = loadBehaviorRules();
  mkdirSync(new URL('dist/', packageDir), { recursive: true });
  writeFileSync(new URL('dist/behavior-rules.json', packageDir), `${JSON.stringify({ rules }, null, 2)}\n`);
  // The site's rules page needs no scenarios (it links to their source), and a page carries what it imports.
  const summary = rules.map(({ scenario, ...rest }) => rest);
  writeFileSync(new URL('dist/behavior-rules.summary.json', packageDir), `${JSON.stringify({ rules: summary })}\n`);
  console.log(`Bundled ${rules.length} behavior rules into dist/behavior-rules.json and dist/behavior-rules.summary.json`);
}
