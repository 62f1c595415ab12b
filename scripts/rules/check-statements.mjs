// The statement check: runs every behavior rule's scenario on the in-process core, then scans website/docs for
// normative statements and fails on one that neither cites a rule nor comes from the API document.
//   node scripts/rules/check-statements.mjs [--dir website/docs/concepts] [--no-scenarios]
// Prints: rules: N rules, M scenarios passed; statements: S found, C cite a rule, D from the document
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBehaviorRules } from '../../packages/api-spec/scripts/behavior-rules.mjs';
import { backing, documentFacts, sentencesOf, statementsOf } from './statements.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const dirIndex = args.indexOf('--dir');
const docsDir = join(root, dirIndex >= 0 ? args[dirIndex + 1] : 'website/docs');

// The reference of the SDKs and of the AI assistants' tool server: their defaults and limits are the libraries'
// options, which the libraries' own tests check.
const LIBRARY_PAGES = /^website\/docs\/(?:sdks\/|getting-started\/ai-assistants\.mdx)/;

// Components that render the document itself: each entry they render is a statement from the document.
const DOCUMENT_COMPONENTS = { ResourceLimits: 'x-limits', ErrorCodes: 'x-error-codes' };

function pagesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pagesUnder(path);
    return /\.mdx?$/.test(name) ? [path] : [];
  });
}

const openapi = JSON.parse(readFileSync(join(root, 'packages/api-spec/dist/openapi.json'), 'utf8'));
const document = documentFacts(openapi);
const catalog = loadBehaviorRules();
const rules = new Map(catalog.map((rule) => [rule.id, rule]));

let passed = catalog.length;
const problems = [];
if (!args.includes('--no-scenarios')) {
  const { runAll } = await import('./runner.mjs');
  const { coreTarget } = await import('./targets.mjs');
  const target = coreTarget();
  const result = await runAll(catalog, target);
  await target.close();
  passed = result.passed;
  for (const failure of result.failures) problems.push(`rule ${failure.id}: scenario fails: ${failure.message}`);
}

let found = 0;
let citing = 0;
let fromDocument = 0;
for (const page of pagesUnder(docsDir).sort()) {
  const text = readFileSync(page, 'utf8');
  const name = relative(root, page);
  for (const [component, extension] of Object.entries(DOCUMENT_COMPONENTS)) {
    for (const use of text.matchAll(new RegExp(`^\\s*<${component}\\b(.*)$`, 'gm'))) {
      // A use that filters its entries by id prefix (startsWith('policy-expression-')) renders only those.
      const prefix = /startsWith\('([^']+)'\)/.exec(use[1])?.[1];
      const rendered = openapi[extension].filter((entry) => prefix === undefined || String(entry.id).startsWith(prefix)).length;
      found += rendered;
      fromDocument += rendered;
    }
  }
  for (const { line, text: sentence, context } of sentencesOf(text)) {
    for (const statement of statementsOf(sentence, document.codeNames, { libraryPage: LIBRARY_PAGES.test(name) })) {
      found++;
      const backed = backing(statement, sentence, { rules, document, context });
      if (backed.by === 'rule') citing++;
      else if (backed.by === 'document') fromDocument++;
      else problems.push(`${name}:${line}: ${statement.kind} statement ${backed.why}: "${sentence.slice(0, 160)}"`);
    }
  }
}

for (const problem of problems) console.error(problem);
console.log(`rules: ${catalog.length} rules, ${passed} scenarios passed; statements: ${found} found, ${citing} cite a rule, ${fromDocument} from the document`);
if (problems.length > 0) {
  console.error(`${problems.length} problem(s): cite a rule ([rule](/reference/behavior-rules#<id>)) or link the operation or limit the document defines`);
  process.exit(1);
}
