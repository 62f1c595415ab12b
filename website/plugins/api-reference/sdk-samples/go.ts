import {refName, type SchemaObject} from '../openapi';
import {envOr, sampleBaseUrl} from '../sample-env';
import {asRecord, bodySchema, isMapSchema, type SdkSampleInput} from './types';

/*
 * The Go sample: the Go SDK (`packages/go`, package `sigil`) with the names its generator
 * (packages/go/generator/generate.mjs) gives methods, structs, fields and enum constants. The naming rules
 * below follow that generator; samples.run.test.ts compiles every sample against the real package, so a
 * rule that drifts fails there.
 */

// Words Go writes in capitals, as the Go generator does (`walletId` is `WalletID`).
const INITIALISMS = new Set(['id', 'ids', 'url', 'uri', 'api', 'http', 'json', 'uuid', 'jwt', 'oidc', 'otp', 'ip', 'sms', 'ttl', 'html']);
// Schemas the generator renames because a hand-written declaration has the name.
const SCHEMA_RENAMES: Record<string, string> = {Config: 'OrganizationConfig'};

/** `createWalletIntent` / `CURVE_SECP256K1` → Go's exported spelling (`CreateWalletIntent`, `CurveSecp256k1`). */
export function goName(text: string): string {
  const spaced = /[a-z]/.test(text)
    ? text.replace(/[^A-Za-z0-9]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    : text.replace(/[^A-Za-z0-9]+/g, ' ');
  const name = spaced
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const lower = word.toLowerCase();
      if (INITIALISMS.has(lower)) return lower === 'ids' ? 'IDs' : lower.toUpperCase();
      return lower[0]!.toUpperCase() + lower.slice(1);
    })
    .join('');
  return /^[0-9]/.test(name) ? `N${name}` : name;
}

const schemaName = (name: string): string => SCHEMA_RENAMES[name] ?? goName(name);

/** The constant the generator declares for an enum value (`CurveSecp256k1`, `SubOrganizationFilterTypeEmail`). */
export function enumConstant(schemaRawName: string, value: string | number): string {
  const name = schemaName(schemaRawName);
  if (typeof value === 'number') return `${name}${value}`;
  const prefix = `${schemaRawName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}_`;
  return value.startsWith(prefix) ? goName(value) : `${name}${goName(value)}`;
}

/** A Go interpreted string literal: JSON's escapes (`\"`, `\\`, `\n`, `\uXXXX`) mean the same in Go. */
const goString = (value: string): string => JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** Lines built while writing a literal: optional scalars need a variable to point at. */
interface Context {
  locals: string[];
  names: Set<string>;
}

/** Declares `name := initializer` before the call and returns `&name`. */
function local(ctx: Context, field: string, initializer: string): string {
  const base = field[0]!.toLowerCase() + field.slice(1);
  let name = base;
  for (let n = 2; ctx.names.has(name); n++) name = `${base}${n}`;
  ctx.names.add(name);
  ctx.locals.push(`${name} := ${initializer}`);
  return `&${name}`;
}

/** A JSON value without a schema (a map's values): `any`. */
function anyLiteral(value: unknown, indent: string): string {
  const inner = `${indent}\t`;
  if (value === null) return 'nil';
  if (typeof value === 'string') return goString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]any{}';
    return `[]any{\n${value.map((v) => `${inner}${anyLiteral(v, inner)},`).join('\n')}\n${indent}}`;
  }
  return mapLiteral(asRecord(value), indent);
}

function mapLiteral(value: Record<string, unknown>, indent: string): string {
  const inner = `${indent}\t`;
  const entries = Object.entries(value);
  if (entries.length === 0) return 'map[string]any{}';
  return `map[string]any{\n${align(entries.map(([k, v]) => [goString(k), anyLiteral(v, inner)]), inner)}\n${indent}}`;
}

/**
 * `key: value,` lines as gofmt writes them: the values of consecutive one-line entries start in one column;
 * an entry whose value spans lines stands alone.
 */
function align(entries: [string, string][], indent: string): string {
  const lines: string[] = [];
  let run: [string, string][] = [];
  const flush = () => {
    const width = Math.max(...run.map(([k]) => k.length));
    for (const [k, v] of run) lines.push(`${indent}${k}:${' '.repeat(width - k.length + 1)}${v},`);
    run = [];
  };
  for (const [k, v] of entries) {
    if (v.includes('\n')) {
      if (run.length) flush();
      lines.push(`${indent}${k}: ${v},`);
    } else run.push([k, v]);
  }
  if (run.length) flush();
  return lines.join('\n');
}

/** The Go type the generator gives a list's items (always required), for `[]T{...}`. */
function itemType(ctx: SdkSampleInput, schema: SchemaObject): string {
  const name = refName(schema.$ref);
  if (name) return `sigil.${schemaName(name)}`;
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
      return 'int';
    case 'number':
      return 'float64';
    case 'boolean':
      return 'bool';
    case 'array':
      return `[]${itemType(ctx, schema.items ?? {})}`;
    default:
      return 'map[string]any';
  }
}

/**
 * A value as a Go expression of the type the generator gives a property of `schema`: structs for objects,
 * enum constants, and a variable to point at for optional integers and booleans. `elided` is set for list
 * items, whose composite literals leave out their type.
 */
function goValue(input: SdkSampleInput, ctx: Context, field: string, schema: SchemaObject, value: unknown, required: boolean, indent: string, elided = false): string {
  const name = refName(schema.$ref);
  if (name) {
    const target = input.registry.get(name);
    const type = `sigil.${schemaName(name)}`;
    if (target.type === 'object' && isMapSchema(target)) return mapLiteral(asRecord(value), indent);
    if (target.type === 'object') {
      const literal = structLiteral(input, ctx, target, asRecord(value), indent);
      if (elided) return literal;
      return required ? `${type}${literal}` : `&${type}${literal}`;
    }
    if (Array.isArray(target.enum) && (typeof value === 'string' || typeof value === 'number') && target.enum.includes(value)) {
      const constant = `sigil.${enumConstant(name, value)}`;
      return required || target.type === 'string' ? constant : local(ctx, field, constant);
    }
    if (target.type === 'integer' || target.type === 'boolean') {
      return required ? String(value) : local(ctx, field, String(value));
    }
    return goValue(input, ctx, field, target, value, true, indent);
  }
  switch (schema.type) {
    case 'string':
      return goString(String(value));
    case 'integer':
    case 'number':
    case 'boolean': {
      const initializer = schema.type === 'number' && Number.isInteger(value) ? `float64(${String(value)})` : String(value);
      return required ? String(value) : local(ctx, field, initializer);
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const type = `[]${itemType(input, schema.items ?? {})}`;
      if (items.length === 0) return `${type}{}`;
      const inner = `${indent}\t`;
      const values = items.map((item) => goValue(input, ctx, field, schema.items ?? {}, item, true, inner, true));
      // One struct in a list reads as `[]T{{...}}`, as on the Go SDK page.
      if (values.length === 1 && values[0]!.startsWith('{')) return `${type}{${values[0]!.replace(/\n\t/g, '\n')}}`;
      return `${type}{\n${values.map((v) => `${inner}${v},`).join('\n')}\n${indent}}`;
    }
    default:
      return anyLiteral(value, indent);
  }
}

/** `{\n\tField: value,\n}` for an object schema the generator makes a struct of. */
function structLiteral(input: SdkSampleInput, ctx: Context, schema: SchemaObject, value: Record<string, unknown>, indent: string): string {
  const inner = `${indent}\t`;
  const required = new Set(schema.required ?? []);
  const entries: [string, string][] = [];
  for (const [prop, item] of Object.entries(value)) {
    const propSchema = schema.properties?.[prop];
    if (!propSchema) throw new Error(`Go sample: the example has ${prop}, which the schema does not declare`);
    const field = goName(prop);
    entries.push([field, goValue(input, ctx, field, propSchema, item, required.has(prop), inner)]);
  }
  if (entries.length === 0) return '{}';
  return `{\n${align(entries, inner)}\n${indent}}`;
}

/** The Go sample of an operation: a program whose `run` calls the operation's method and prints the answer. */
export function goSample(input: SdkSampleInput): string {
  const body = asRecord(input.requestExample);
  const organizationId = typeof body.organizationId === 'string' ? body.organizationId : input.fallbackOrganizationId;
  const method = goName(input.operationId);
  const {name, schema} = bodySchema(input);
  const ctx: Context = {locals: [], names: new Set(['ctx', 'client', 'stamper', 'err', 'activity', 'done', 'out', 'response'])};
  let call: string[];
  if (input.kind === 'submission') {
    const literal = structLiteral(input, ctx, schema, asRecord(body.parameters), '');
    const result = input.resultKey ? goName(input.resultKey) : undefined;
    call = [
      `activity, err := client.${method}(ctx, sigil.${method}Parameters${literal})`,
      'if err != nil {',
      '\treturn err',
      '}',
      '// Wait until the activity is final (it may need approvals or run asynchronously).',
      'done, err := client.WaitForActivity(ctx, activity, nil)',
      'if err != nil {',
      '\treturn err',
      '}',
      'if done.Outcome != sigil.OutcomeCompleted {',
      '\tfmt.Println(done.Outcome, done.Activity.Status)',
      '\treturn nil',
      '}',
      `out, err := json.MarshalIndent(done.Activity.Result${result ? `.${result}` : ''}, "", "  ")`,
    ];
  } else {
    // The client fills in its own organization; name one only to query another.
    const {organizationId: _own, ...rest} = body;
    const literal = structLiteral(input, ctx, schema, rest, '');
    call = [`response, err := client.${method}(ctx, sigil.${schemaName(name)}${literal})`, 'if err != nil {', '\treturn err', '}', 'out, err := json.MarshalIndent(response, "", "  ")'];
  }
  const lines = [
    'package main',
    '',
    'import (',
    '\t"context"',
    '\t"encoding/json"',
    '\t"fmt"',
    '\t"log"',
    '\t"os"',
    '',
    '\t"github.com/sigil-example/sigil-go/sigil"',
    ')',
    '',
    'func main() {',
    '\tif err := run(context.Background()); err != nil {',
    '\t\tlog.Fatal(err)',
    '\t}',
    '}',
    '',
    'func run(ctx context.Context) error {',
    '\tstamper, err := sigil.NewAPIKeyStamper(os.Getenv("SIGIL_API_PUBLIC_KEY"), os.Getenv("SIGIL_API_PRIVATE_KEY"))',
    '\tif err != nil {',
    '\t\treturn err',
    '\t}',
    '\tclient := sigil.NewClient(sigil.Config{',
    `\t\tBaseURL:        ${envOr('go', 'baseUrl', sampleBaseUrl(input.apiBaseUrl))},`,
    `\t\tOrganizationID: ${envOr('go', 'organizationId', organizationId)},`,
    '\t\tStamper:        stamper,',
    '\t})',
    '',
    ...ctx.locals.map((line) => `\t${line}`),
    ...call.map((line) => `\t${line}`.replace(/\n/g, '\n\t')),
    '\tif err != nil {',
    '\t\treturn err',
    '\t}',
    '\tfmt.Println(string(out))',
    '\treturn nil',
    '}',
    '',
    '// envOr reads an environment variable (SIGIL_BASE_URL and SIGIL_ORGANIZATION_ID, as the SDK and the CLI do),',
    '// or answers fallback when it is unset or empty.',
    'func envOr(name, fallback string) string {',
    '\tif value := os.Getenv(name); value != "" {',
    '\t\treturn value',
    '\t}',
    '\treturn fallback',
    '}',
    '',
  ];
  return lines.join('\n');
}
