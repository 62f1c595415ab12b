import {refName, type SchemaObject} from '../openapi';
import {envOr, sampleBaseUrl} from '../sample-env';
import {asRecord, bodySchema, isMapSchema, type SdkSampleInput} from './types';

/*
 * The Ruby sample: the `sigil-sdk` gem (`packages/ruby`) with the method and keyword names its generator
 * (packages/ruby/generator/generate.mjs) writes: snake_case methods, snake_case keys for every schema's
 * fields, a map's keys as the API spells them. samples.run.test.ts runs every sample with the real gem.
 */

/** `organizationId` → `organization_id`, `createReadWriteSessionResultV2` → `create_read_write_session_result_v2`. */
export function snakeCase(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z])([A-Z0-9])/g, '$1_$2')
    .replace(/([0-9])([A-Za-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/_v_?([0-9])/g, '_v$1');
}

/** A Ruby double-quoted string: JSON's escapes mean the same; `#{`, `#@` and `#$` must not interpolate. */
const rbString = (value: string): string => JSON.stringify(value).replace(/#(?=[{@$])/g, '\\#');

const SYMBOL_KEY = /^[a-z_][a-z0-9_]*$/;

/** A JSON value with no schema (a map): string keys as the API spells them. */
function plainLiteral(value: unknown, indent: string): string {
  const inner = `${indent}  `;
  if (value === null) return 'nil';
  if (typeof value === 'string') return rbString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${plainLiteral(v, inner)}`).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(asRecord(value));
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${rbString(k)} => ${plainLiteral(v, inner)}`).join(',\n')}\n${indent}}`;
}

/** A value of a property of `schema`: a hash with snake_case symbol keys for a schema's object. */
function rbValue(input: SdkSampleInput, schema: SchemaObject, value: unknown, indent: string): string {
  const name = refName(schema.$ref);
  if (name) return rbValue(input, input.registry.get(name), value, indent);
  if (schema.type === 'array' && Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}  `;
    return `[\n${value.map((v) => `${inner}${rbValue(input, schema.items ?? {}, v, inner)}`).join(',\n')}\n${indent}]`;
  }
  if (schema.type === 'object' && schema.properties && !isMapSchema(schema)) return modelHash(input, schema, asRecord(value), indent);
  return plainLiteral(value, indent);
}

function modelEntries(input: SdkSampleInput, schema: SchemaObject, value: Record<string, unknown>, indent: string): string[] {
  return Object.entries(value).map(([prop, item]) => {
    const propSchema = schema.properties?.[prop];
    if (!propSchema) throw new Error(`Ruby sample: the example has ${prop}, which the schema does not declare`);
    const key = snakeCase(prop);
    const written = SYMBOL_KEY.test(key) ? `${key}:` : `${rbString(key)} =>`;
    return `${indent}${written} ${rbValue(input, propSchema, item, indent)}`;
  });
}

function modelHash(input: SdkSampleInput, schema: SchemaObject, value: Record<string, unknown>, indent: string): string {
  const inner = `${indent}  `;
  const entries = modelEntries(input, schema, value, inner);
  if (entries.length === 0) return '{}';
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

/** The Ruby sample of an operation: a script that calls the operation's method and prints the answer. */
export function rubySample(input: SdkSampleInput): string {
  const body = asRecord(input.requestExample);
  const organizationId = typeof body.organizationId === 'string' ? body.organizationId : input.fallbackOrganizationId;
  const method = snakeCase(input.operationId);
  const {schema} = bodySchema(input);
  let call: string[];
  if (input.kind === 'submission') {
    const parameters = modelHash(input, schema, asRecord(body.parameters), '  ');
    const result = input.resultKey ? `.${snakeCase(input.resultKey)}` : '';
    call = [
      `activity = client.${method}(`,
      `  ${parameters}`,
      ')',
      '',
      '# Wait until the activity is final (it may need approvals or run asynchronously).',
      'done = client.wait_for_activity(activity)',
      'if done.outcome == :completed',
      `  puts JSON.pretty_generate(done.activity.result${result}.to_h)`,
      'else',
      '  puts "#{done.outcome}: #{done.activity.status}"',
      'end',
    ];
  } else {
    // The client fills in its own organization; name one only to query another.
    const {organizationId: _own, ...rest} = body;
    const keywords = modelEntries(input, schema, rest, '  ');
    call = [
      keywords.length > 0 ? `response = client.${method}(\n${keywords.join(',\n')}\n)` : `response = client.${method}`,
      'puts JSON.pretty_generate(response.to_h)',
    ];
  }
  return [
    'require "json"',
    'require "sigil"',
    '',
    'client = Sigil::Client.new(',
    `  base_url: ${envOr('ruby', 'baseUrl', sampleBaseUrl(input.apiBaseUrl))},`,
    `  organization_id: ${envOr('ruby', 'organizationId', organizationId)},`,
    '  stamper: Sigil::ApiKeyStamper.new(',
    '    public_key: ENV.fetch("SIGIL_API_PUBLIC_KEY"),',
    '    private_key: ENV.fetch("SIGIL_API_PRIVATE_KEY")',
    '  )',
    ')',
    '',
    ...call,
    '',
  ].join('\n');
}
