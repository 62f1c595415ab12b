// Build step of `sigil mcp` (run by `npm run build -w @sigil/cli` after tsc): gathers what the MCP server answers
// from, so that it works offline from files the package ships in dist/mcp-data/:
//   docs.json     every docs page and changelog post as Markdown (from website/docs and website/changelog),
//   openapi.json  the bundled API document (packages/api-spec/dist/openapi.json),
//   samples.json  each operation's TypeScript and curl samples, made by the API reference's own sample
//                 generator (website/plugins/api-reference/samples.ts), the samples its tests run against the
//                 emulator.
// Only this script reads website/; the CLI reads the files it writes.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { POLICY_EXAMPLES } from '@sigil/policy/examples';
import { SchemaRegistry, type OpenApiDocument } from '../../../website/plugins/api-reference/openapi.js';
import { codeSamples } from '../../../website/plugins/api-reference/samples.js';
import { mdxToMarkdown } from './mdx-to-markdown.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../..');
const outDir = resolve(here, '../dist/mcp-data');

interface ErrorCode { code: number; name: string; httpStatus: number; retryable: boolean; submissionRetryable: boolean; description: string }
interface Limit { id: string; name: string; value: unknown; unit?: string; description: string }
interface Operation {
  operationId: string;
  'x-sigil-kind'?: 'query' | 'submission';
  'x-sigil-result'?: string;
  requestBody?: { content?: Record<string, { examples?: Record<string, { value?: unknown }>; example?: unknown; schema?: { $ref?: string } }> };
  responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Doc {
  servers?: Array<{ url: string }>;
  paths: Record<string, { post?: Operation }>;
  components: { schemas: Record<string, { required?: string[] }> };
  'x-error-codes': ErrorCode[];
  'x-limits': Limit[];
}

const doc = JSON.parse(readFileSync(join(root, 'packages/api-spec/dist/openapi.json'), 'utf8')) as Doc;

const cell = (text: unknown) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The components that render the API document's data on a page, written as the tables they show. */
function expandComponent(name: string, tag: string): string | undefined {
  if (name === 'PolicyExample') {
    // The examples page shows each policy of @sigil/policy's examples with its sample requests and outcomes.
    const id = /\bid="([^"]+)"/.exec(tag)?.[1];
    const example = POLICY_EXAMPLES.find((e) => e.id === id);
    if (!example) return undefined;
    const { policy } = example;
    return [
      example.description,
      '',
      '```json title="policy"',
      JSON.stringify({ policyName: policy.policyName, effect: policy.effect, ...(policy.condition ? { condition: policy.condition } : {}), ...(policy.consensus ? { consensus: policy.consensus } : {}) }, null, 2),
      '```',
      '',
      ...example.cases.map((c) => `- ${c.name}: ${c.expected}`),
    ].join('\n');
  }
  if (name === 'ErrorCodes') {
    return [
      '| Code | Name | HTTP status | Retry a query | Retry a submission | Meaning |',
      '| --- | --- | --- | --- | --- | --- |',
      ...doc['x-error-codes'].map((e) => `| ${e.code} | \`${e.name}\` | ${e.httpStatus} | ${e.retryable ? 'yes' : 'no'} | ${e.submissionRetryable ? 'yes' : 'no'} | ${cell(e.description)} |`),
    ].join('\n');
  }
  if (name === 'ResourceLimits') {
    return [
      '| Limit | Value | Meaning |',
      '| --- | --- | --- |',
      ...doc['x-limits'].map((l) => `| ${cell(l.name)} | ${cell(Array.isArray(l.value) ? l.value.join(', ') : l.value)}${l.unit ? ` ${l.unit}` : ''} | ${cell(l.description)} |`),
    ].join('\n');
  }
  return undefined;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.mdx?$/.test(name) ? [path] : [];
  });
}

export interface GatheredPage {
  path: string;
  title: string;
  description: string;
  keywords: string[];
  source: string;
  markdown: string;
}

function docsPages(): GatheredPage[] {
  const docsDir = join(root, 'website/docs');
  return walk(docsDir).map((file) => {
    const converted = mdxToMarkdown(readFileSync(file, 'utf8'), expandComponent);
    const rel = relative(docsDir, file).replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
    const path = converted.slug?.startsWith('/') ? converted.slug : `/${rel}`;
    return { path, title: converted.title, description: converted.description, keywords: converted.keywords, source: relative(root, file), markdown: converted.markdown };
  });
}

function changelogPages(): GatheredPage[] {
  const dir = join(root, 'website/changelog');
  const posts = walk(dir)
    .sort()
    .reverse()
    .map((file) => {
      const converted = mdxToMarkdown(readFileSync(file, 'utf8'));
      const slug = converted.slug ?? relative(dir, file).replace(/\.mdx?$/, '').replace(/^(\d{4})-(\d{2})-(\d{2})-/, '$1/$2/$3/');
      return { path: `/changelog/${slug}`, title: converted.title, description: converted.description, keywords: converted.keywords, source: relative(root, file), markdown: converted.markdown };
    });
  const index: GatheredPage = {
    path: '/changelog',
    title: 'Changelog',
    description: 'Release notes of the Sigil API, its SDKs and these docs, newest first.',
    keywords: ['release notes'],
    source: 'website/changelog',
    markdown: ['# Changelog', '', ...posts.map((p) => `- [${p.title}](${p.path}): ${p.description}`)].join('\n'),
  };
  return [index, ...posts];
}

function operationSampleSet(): Record<string, { typescript: string; curl: string }> {
  const apiBaseUrl = doc.servers?.[0]?.url ?? 'https://api.sigil.example';
  const firstExample = (op: Operation) => {
    const media = op.requestBody?.content?.['application/json'];
    return Object.values(media?.examples ?? {}).find((e) => e.value !== undefined)?.value ?? media?.example;
  };
  const entries = Object.entries(doc.paths).flatMap(([path, item]) => (item.post ? [{ path, op: item.post }] : []));
  // As the reference does: an example without an organization gets the first one any request example names.
  const fallbackOrganizationId =
    entries.map((e) => (firstExample(e.op) as { organizationId?: unknown } | undefined)?.organizationId).find((v): v is string => typeof v === 'string') ??
    '00000000-0000-4000-8000-000000000000';
  // The reference's samples read the request schemas (the SDK samples name their types), so they get its registry.
  const registry = new SchemaRegistry(doc as unknown as OpenApiDocument);
  const out: Record<string, { typescript: string; curl: string }> = {};
  for (const { path, op } of entries) {
    const requestRef = op.requestBody?.content?.['application/json']?.schema?.$ref ?? '';
    const responseRef = op.responses?.['200']?.content?.['application/json']?.schema?.$ref ?? '';
    const responseSchema = doc.components.schemas[responseRef.split('/').pop() ?? ''];
    const result = op['x-sigil-result'];
    const samples = codeSamples({
      operationId: op.operationId,
      kind: op['x-sigil-kind'] ?? 'query',
      path,
      requestExample: firstExample(op),
      responseFields: responseSchema?.required ?? [],
      ...(result ? { resultKey: result.charAt(0).toLowerCase() + result.slice(1) } : {}),
      apiBaseUrl,
      fallbackOrganizationId,
      cliDefaultBaseUrl: apiBaseUrl,
      registry,
      requestSchema: requestRef.split('/').pop() ?? '',
    });
    out[path.split('/').pop()!] = { typescript: samples.typescript, curl: samples.curl };
  }
  return out;
}

mkdirSync(outDir, { recursive: true });
const pages = [...docsPages(), ...changelogPages()].sort((a, b) => a.path.localeCompare(b.path));
writeFileSync(join(outDir, 'docs.json'), JSON.stringify(pages));
writeFileSync(join(outDir, 'openapi.json'), JSON.stringify(doc));
writeFileSync(join(outDir, 'samples.json'), JSON.stringify(operationSampleSet()));
console.log(`sigil mcp data: ${pages.length} pages, ${Object.keys(doc.paths).length} operations -> ${relative(root, outDir)}`);
