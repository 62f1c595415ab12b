/**
 * Which pages the every-route quality gate (e2e/quality-a11y.spec.ts) checks fully, and which template pages it
 * checks as server-rendered markup in batches; e2e/table-words.spec.ts leaves the batches' pages to them.
 *
 * Two kinds of API page come from one template each, filled with data from the API document: ~290 schema pages and
 * 75 operation pages. What varies from page to page is the data (headings, names, tables, lists, samples); the
 * template's code and the navbar, API sidebar and footer are the same on every one of them. So every page of both
 * kinds gets the checks whose outcome depends on its data, and a sample gets the full check:
 * - schema pages: every Nth (default 10) gets the full check;
 * - operation pages: every Nth (default 4, and at least one query and one submission) gets the full check.
 * The others get axe on their server-rendered content with the app not started (the markup their data made, without
 * the cost of starting the app), light and dark, the request check for what that markup loads, and the table-words
 * check at its three widths.
 *
 * SIGIL_QUALITY_STRIDE=N keeps every Nth route only (a quick local look, never set in CI);
 * SIGIL_QUALITY_SCHEMA_STRIDE=1 and SIGIL_QUALITY_OPERATION_STRIDE=1 give every template page the full check.
 */
import {readFileSync} from 'node:fs';
import {builtRoutes, type BuiltRoute} from './site';

export const stride = Math.max(1, Number(process.env.SIGIL_QUALITY_STRIDE ?? 1));
const schemaStride = Math.max(1, Number(process.env.SIGIL_QUALITY_SCHEMA_STRIDE ?? 10));
const operationStride = Math.max(1, Number(process.env.SIGIL_QUALITY_OPERATION_STRIDE ?? 4));

const isSchemaPage = (path: string) => path.startsWith('/api/schemas/');
/** `/api/<group>/<operation>`: the operation pages (group pages are `/api/<group>`). */
const isOperationPage = (path: string) => !isSchemaPage(path) && /^\/api\/[^/]+\/[^/]+$/.test(path);
const operationKinds = new Map(
  (JSON.parse(readFileSync(require.resolve('@sigil/api-spec/catalog.json'), 'utf8')) as {operations: Array<{name: string; kind: string}>}).operations.map(
    (o) => [o.name.replace(/_/g, '-'), o.kind],
  ),
);
export const kindOfOperationPage = (path: string) => operationKinds.get(path.split('/').at(-1)!);

export interface QualitySplit {
  schemaPages: BuiltRoute[];
  operationPages: BuiltRoute[];
  fullOperation: BuiltRoute[];
  /** The routes that get the full check, one test each. */
  full: BuiltRoute[];
  /** The template pages checked as server-rendered markup, in batches. */
  markupOnly: BuiltRoute[];
}

export function qualitySplit(routes: BuiltRoute[] = builtRoutes()): QualitySplit {
  const all = routes.filter((_, i) => i % stride === 0);
  const schemaPages = all.filter((r) => isSchemaPage(r.path));
  const operationPages = all.filter((r) => isOperationPage(r.path));
  const fullSchema = schemaPages.filter((_, i) => i % schemaStride === 0);
  const fullOperation = operationPages.filter((_, i) => i % operationStride === 0);
  for (const kind of ['query', 'submission']) {
    const first = operationPages.find((r) => kindOfOperationPage(r.path) === kind);
    if (first && !fullOperation.some((r) => kindOfOperationPage(r.path) === kind)) fullOperation.push(first);
  }
  const full = all.filter((r) => (!isSchemaPage(r.path) && !isOperationPage(r.path)) || fullSchema.includes(r) || fullOperation.includes(r));
  const markupOnly = [...schemaPages.filter((r) => !fullSchema.includes(r)), ...operationPages.filter((r) => !fullOperation.includes(r))];
  return {schemaPages, operationPages, fullOperation, full, markupOnly};
}
