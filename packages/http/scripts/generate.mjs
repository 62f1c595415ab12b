#!/usr/bin/env node
// Generates src/generated/client.ts: one typed SigilClient method per operation of the bundled
// OpenAPI document (from @sigil/api-spec), so the client can never drift from the spec.
//
// Usage: node scripts/generate.mjs [--spec <openapi.json>] [--out <client.ts>]
//                                  [--types-module <module>] [--base-module <module>]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));

const RESERVED = new Set(['constructor', 'request', 'query', 'submit', 'baseUrl', 'organizationId', 'stamper']);

export function generateClient(doc, { typesModule = '@sigil/api-spec', baseModule = '../base-client.js' } = {}) {
  const operations = collectOperations(doc);
  return render(operations, { typesModule, baseModule });
}

/** Follows local `$ref`s and merges `allOf` so the generator can see properties and `required`. */
function resolveSchema(doc, schema, seen = new Set()) {
  if (!schema || typeof schema !== 'object') return {};
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return {};
    seen.add(schema.$ref);
    return resolveSchema(doc, lookup(doc, schema.$ref), seen);
  }
  if (Array.isArray(schema.allOf)) {
    const merged = { properties: { ...(schema.properties ?? {}) }, required: [...(schema.required ?? [])] };
    for (const part of schema.allOf) {
      const resolved = resolveSchema(doc, part, new Set(seen));
      Object.assign(merged.properties, resolved.properties ?? {});
      merged.required.push(...(resolved.required ?? []));
      if (resolved.oneOf || resolved.anyOf) merged.opaque = true;
    }
    return merged;
  }
  if (schema.oneOf || schema.anyOf) return { ...schema, opaque: true };
  return schema;
}

function lookup(doc, ref) {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported in the bundled document (got ${ref})`);
  let node = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node?.[key];
  }
  if (node === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  return node;
}

function jsonBodySchema(doc, operation, where) {
  let body = operation.requestBody;
  if (body?.$ref) body = lookup(doc, body.$ref);
  const schema = body?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${where}: requestBody has no application/json schema`);
  return resolveSchema(doc, schema);
}

/**
 * True when no property (other than `ignore`) is required, so callers may omit the argument.
 * The generated `_OptionalArgumentsCheck` fails to compile if the generated types disagree
 * (for example if openapi-typescript ran with defaultNonNullable, which makes defaulted fields required).
 */
function allOptional(schema, ignore) {
  if (schema.opaque) return false;
  return (schema.required ?? []).every((name) => name === ignore);
}

function collectOperations(doc) {
  const seen = new Map();
  const result = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (method !== 'post') throw new Error(`${where}: Sigil calls are all POST`);
      const id = operation.operationId;
      if (typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id)) throw new Error(`${where}: operationId must be camelCase (got ${id})`);
      if (RESERVED.has(id)) throw new Error(`${where}: operationId ${id} collides with a SigilBaseClient member`);
      if (seen.has(id)) throw new Error(`${where}: operationId ${id} is also used by ${seen.get(id)}`);
      seen.set(id, where);

      const inferred = path.startsWith('/public/v1/query/') ? 'query' : path.startsWith('/public/v1/submit/') ? 'submission' : undefined;
      const kind = operation['x-sigil-kind'] ?? inferred;
      if (kind !== 'query' && kind !== 'submission') throw new Error(`${where}: x-sigil-kind must be query or submission`);
      if (inferred && kind !== inferred) throw new Error(`${where}: x-sigil-kind ${kind} contradicts the path`);

      const schema = jsonBodySchema(doc, operation, where);
      const doc_ = { summary: operation.summary, description: operation.description, deprecated: operation.deprecated === true };
      if (kind === 'query') {
        result.push({
          id,
          path,
          kind,
          ...doc_,
          takesOrganizationId: Boolean(schema.properties?.organizationId),
          optionalArg: allOptional(schema, 'organizationId'),
        });
      } else {
        const activityType = operation['x-sigil-activity-type'];
        if (typeof activityType !== 'string' || !activityType.startsWith('ACTIVITY_TYPE_')) {
          throw new Error(`${where}: submission needs x-sigil-activity-type (got ${activityType})`);
        }
        const parameters = resolveSchema(doc, schema.properties?.parameters);
        result.push({ id, path, kind, ...doc_, activityType, optionalArg: allOptional(parameters, undefined) });
      }
    }
  }
  if (result.length === 0) throw new Error('The document has no operations');
  return result.sort((a, b) => (a.kind === b.kind ? a.id.localeCompare(b.id) : a.kind === 'query' ? -1 : 1));
}

const pascal = (id) => id[0].toUpperCase() + id.slice(1);

function jsdoc(op, extra) {
  const lines = [];
  if (op.summary) lines.push(op.summary.trim());
  const firstParagraph = op.description?.trim().split(/\n\s*\n/)[0];
  if (firstParagraph && firstParagraph !== op.summary?.trim()) lines.push('', ...firstParagraph.split('\n').map((l) => l.trim()));
  if (lines.length) lines.push('');
  lines.push(...extra, `@see POST ${op.path}`);
  if (op.deprecated) lines.push('@deprecated');
  return ['  /**', ...lines.map((l) => (l ? `   * ${l.replace(/\*\//g, '*\\/')}` : '   *')), '   */'].join('\n');
}

function render(ops, { typesModule, baseModule }) {
  const q = JSON.stringify;
  const out = [];
  out.push(`// Generated by packages/http/scripts/generate.mjs from the OpenAPI document. Do not edit.
import type { components, operations } from ${q(typesModule)};
import { SigilBaseClient, type SubmitOptions } from ${q(baseModule)};

type Operations = operations;
type OperationId = keyof Operations & string;

type JsonRequestBody<Op extends OperationId> = Operations[Op] extends { requestBody?: infer R }
  ? NonNullable<R> extends { content: { 'application/json': infer B } }
    ? B
    : never
  : never;

type JsonOkResponse<Op extends OperationId> = Operations[Op] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

/** Makes \`organizationId\` optional where a body has it: the client fills in its own. */
export type WithOptionalOrganizationId<T> = T extends { organizationId: unknown }
  ? Omit<T, 'organizationId'> & { organizationId?: T['organizationId'] }
  : T;

/** The body a query method takes (\`organizationId\` optional). */
export type QueryInput<Op extends QueryOperationId> = WithOptionalOrganizationId<JsonRequestBody<Op>>;
/** What a query method resolves to. */
export type QueryOutput<Op extends QueryOperationId> = JsonOkResponse<Op>;
/** The \`parameters\` (intent) a submission method takes. */
export type SubmissionParameters<Op extends SubmissionOperationId> = JsonRequestBody<Op> extends { parameters: infer P } ? P : never;
/** The activity every submission returns. */
export type Activity = components['schemas']['Activity'];

type AssertTrue<T extends true> = T;
`);

  const queries = ops.filter((op) => op.kind === 'query');
  const submissions = ops.filter((op) => op.kind === 'submission');
  out.push(`export type QueryOperationId = ${queries.map((op) => q(op.id)).join(' | ') || 'never'};`);
  out.push(`export type SubmissionOperationId = ${submissions.map((op) => q(op.id)).join(' | ') || 'never'};`);
  out.push('');
  for (const op of queries) {
    out.push(`export type ${pascal(op.id)}Request = QueryInput<${q(op.id)}>;`);
    out.push(`export type ${pascal(op.id)}Response = QueryOutput<${q(op.id)}>;`);
  }
  for (const op of submissions) out.push(`export type ${pascal(op.id)}Parameters = SubmissionParameters<${q(op.id)}>;`);
  out.push('');
  const optional = ops.filter((op) => op.optionalArg);
  if (optional.length) {
    out.push('// The generator made these arguments optional; fail to compile if the types disagree.');
    out.push(
      `type _OptionalArgumentsCheck = [\n${optional
        .map((op) => `  AssertTrue<{} extends ${op.kind === 'query' ? 'QueryInput' : 'SubmissionParameters'}<${q(op.id)}> ? true : false>,`)
        .join('\n')}\n];`,
    );
    out.push('');
  }

  out.push(`/** One entry per operation of the OpenAPI document. */
export interface SigilOperation {
  /** The operationId, which is also the SigilClient method name. */
  operationId: string;
  path: string;
  kind: 'query' | 'submission';
  /** For submissions: the envelope's \`type\`. */
  activityType?: string;
}

export const SIGIL_OPERATIONS: readonly SigilOperation[] = [
${ops
  .map((op) => `  { operationId: ${q(op.id)}, path: ${q(op.path)}, kind: ${q(op.kind)}${op.activityType ? `, activityType: ${q(op.activityType)}` : ''} },`)
  .join('\n')}
];

/**
 * The Sigil API client: one method per query and submission of the API.
 * Queries resolve to the response body; submissions to the resulting \`Activity\`
 * (poll it with \`waitForActivity\`). Failures throw \`SigilRequestError\`.
 */
export class SigilClient extends SigilBaseClient {`);
  for (const op of queries) {
    const opt = op.optionalArg ? '?' : '';
    out.push(jsdoc(op, op.takesOrganizationId ? ['`organizationId` defaults to the client\'s.'] : []));
    out.push(`  ${op.id}(body${opt}: QueryInput<${q(op.id)}>): Promise<QueryOutput<${q(op.id)}>> {`);
    out.push(`    return this.query(${q(op.path)}, body, ${op.takesOrganizationId});`);
    out.push('  }', '');
  }
  for (const op of submissions) {
    const opt = op.optionalArg ? '?' : '';
    out.push(jsdoc(op, [`Submits \`${op.activityType}\` and resolves to the activity.`]));
    out.push(`  ${op.id}(parameters${opt}: SubmissionParameters<${q(op.id)}>, options?: SubmitOptions): Promise<Activity> {`);
    out.push(`    return this.submit<Activity>(${q(op.path)}, ${q(op.activityType)}, parameters, options);`);
    out.push('  }', '');
  }
  if (out[out.length - 1] === '') out.pop();
  out.push('}', '');
  return out.join('\n');
}

function main() {
  const { values } = parseArgs({
    options: {
      spec: { type: 'string', default: resolve(here, '../../api-spec/dist/openapi.json') },
      out: { type: 'string', default: resolve(here, '../src/generated/client.ts') },
      'types-module': { type: 'string', default: '@sigil/api-spec' },
      'base-module': { type: 'string', default: '../base-client.js' },
    },
  });
  let text;
  try {
    text = readFileSync(values.spec, 'utf8');
  } catch {
    console.error(`generate: cannot read ${values.spec}; build @sigil/api-spec first (npm run build -w @sigil/api-spec)`);
    process.exit(1);
  }
  const source = generateClient(JSON.parse(text), { typesModule: values['types-module'], baseModule: values['base-module'] });
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, source);
  const count = (source.match(/^ {2}\{ operationId:/gm) ?? []).length;
  console.log(`generate: wrote ${values.out} (${count} operations)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
