// The API reference as Markdown pages, at the routes of the site's reference: `/api` (overview, errors,
// limits), `/api/<area>/<operation>` and `/api/schemas/<schema>`. Made from the API document when the server
// starts, so `read_doc` and `search_docs` cover the reference as they cover the guides.
import type { DocPage, OperationSamples } from './data.js';
import { fieldLine, fieldRows } from './fields.js';
import { operations, resolve, schemaPage, type OpenApiDocument, type Operation } from './openapi.js';

export type PageKind = 'guide' | 'operation' | 'schema';

export interface IndexedPage extends DocPage {
  kind: PageKind;
  /** Names the page is the reference for: API name, SDK method, activity type, path, aliases; enum values. */
  names: string[];
}

const cell = (text: unknown) => String(text).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

export function errorTable(doc: OpenApiDocument): string {
  return [
    '| Code | Name | HTTP status | Retry a query | Retry a submission | Meaning |',
    '| --- | --- | --- | --- | --- | --- |',
    ...doc['x-error-codes'].map((e) => `| ${e.code} | \`${e.name}\` | ${e.httpStatus} | ${e.retryable ? 'yes' : 'no'} | ${e.submissionRetryable ? 'yes' : 'no'} | ${cell(e.description)} |`),
  ].join('\n');
}

function requestSchema(operation: Operation) {
  return operation.op.requestBody?.content?.['application/json']?.schema ?? {};
}

/** Everything `describe_operation` says about an operation, as Markdown. */
export function operationMarkdown(doc: OpenApiDocument, operation: Operation, samples: OperationSamples | undefined): string {
  const { op } = operation;
  const errorNames = new Map(doc['x-error-codes'].map((e) => [e.code, e.name]));
  const request = fieldRows(doc, requestSchema(operation));
  const resultName = op['x-sigil-result'];
  const responseSchema = resultName ? { $ref: `#/components/schemas/${resultName}` } : (op.responses?.['200']?.content?.['application/json']?.schema ?? {});
  const response = fieldRows(doc, responseSchema, 3);
  const limits = doc['x-limits'].filter((l) => l.appliesTo?.includes(operation.name));
  const errors = [...(op['x-errors'] ?? []), ...doc['x-common-errors'].filter((c) => !(op['x-errors'] ?? []).some((e) => e.code === c.code))];
  return [
    `# ${op.summary ?? operation.name}`,
    '',
    `\`${operation.method} ${operation.path}\`: ${operation.kind === 'submission' ? `a submission (activity \`${op['x-sigil-activity-type']}\`)` : 'a query'}. API name \`${operation.name}\`, SDK method \`${op.operationId}\`. Reference page: ${operation.page}.`,
    '',
    op.description ?? '',
    '',
    ...(op['x-search-aliases']?.length ? [`Also known as: ${op['x-search-aliases'].join(', ')}.`, ''] : []),
    '## Request fields',
    '',
    ...request.map(fieldLine),
    '',
    resultName ? `## Result fields (\`activity.result.${resultName.charAt(0).toLowerCase()}${resultName.slice(1)}\`)` : '## Response fields',
    '',
    ...(response.length ? response.map((row) => fieldLine({ ...row, required: row.required })) : ['(none)']),
    '',
    ...(limits.length ? ['## Limits', '', ...limits.map((l) => `- ${l.name} (\`${l.id}\`): ${Array.isArray(l.value) ? l.value.join(', ') : String(l.value)}${l.unit ? ` ${l.unit}` : ''}. ${l.description}`), ''] : []),
    '## Errors',
    '',
    ...errors.map((e) => `- ${e.code} \`${errorNames.get(e.code) ?? 'UNKNOWN'}\`: ${e.when}`),
    '',
    ...(samples
      ? ['## TypeScript sample', '', '```ts', samples.typescript.trimEnd(), '```', '', '## curl sample', '', '```bash', samples.curl.trimEnd(), '```', '']
      : []),
  ].join('\n');
}

function schemaMarkdown(doc: OpenApiDocument, name: string): string {
  const schema = resolve(doc, doc.components.schemas[name]!);
  const values = schema.enum?.map((value) => `- \`${String(value)}\`${schema['x-enum-descriptions']?.[String(value)] ? `: ${schema['x-enum-descriptions'][String(value)]}` : ''}`);
  const fields = fieldRows(doc, { $ref: `#/components/schemas/${name}` }, 2);
  return [
    `# ${name}`,
    '',
    schema.description ?? '',
    '',
    ...(values ? ['## Values', '', ...values, ''] : []),
    ...(fields.length ? ['## Fields', '', ...fields.map(fieldLine), ''] : []),
  ].join('\n');
}

function homeMarkdown(doc: OpenApiDocument, ops: Operation[]): string {
  return [
    `# API reference`,
    '',
    doc.info.description ?? '',
    '',
    '## Operations',
    '',
    ...ops.map((o) => `- [${o.op.summary}](${o.page}): \`${o.name}\` (${o.kind})`),
    '',
    '## Errors',
    '',
    errorTable(doc),
    '',
    '## Limits',
    '',
    ...doc['x-limits'].map((l) => `- ${l.name} (\`${l.id}\`): ${Array.isArray(l.value) ? l.value.join(', ') : String(l.value)}${l.unit ? ` ${l.unit}` : ''}. ${l.description}`),
  ].join('\n');
}

export function apiPages(doc: OpenApiDocument, samples: Record<string, OperationSamples>): IndexedPage[] {
  const ops = operations(doc);
  const pages: IndexedPage[] = [
    {
      path: '/api',
      title: 'API reference',
      description: 'Every operation of the Sigil API, the error codes and the limits.',
      keywords: [],
      source: 'packages/api-spec',
      markdown: homeMarkdown(doc, ops),
      kind: 'guide',
      names: [],
    },
  ];
  for (const operation of ops) {
    const { op } = operation;
    pages.push({
      path: operation.page,
      title: op.summary ?? operation.name,
      description: (op.description ?? '').split('\n')[0] ?? '',
      keywords: op['x-search-aliases'] ?? [],
      source: 'packages/api-spec',
      markdown: operationMarkdown(doc, operation, samples[operation.name]),
      kind: 'operation',
      names: [operation.name, op.operationId, operation.path, ...(op['x-sigil-activity-type'] ? [op['x-sigil-activity-type']] : []), ...(op['x-search-aliases'] ?? [])],
    });
  }
  for (const name of Object.keys(doc.components.schemas)) {
    const schema = doc.components.schemas[name]!;
    pages.push({
      path: schemaPage(name),
      title: name,
      description: (schema.description ?? '').split('\n')[0] ?? '',
      keywords: [],
      source: 'packages/api-spec',
      markdown: schemaMarkdown(doc, name),
      kind: 'schema',
      names: [name, ...(schema.enum ?? []).map(String)],
    });
  }
  return pages;
}
