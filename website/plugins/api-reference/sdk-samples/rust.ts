import {refName, type SchemaObject} from '../openapi';
import {envOr, sampleBaseUrl} from '../sample-env';
import {asRecord, bodySchema, type SdkSampleInput} from './types';

/*
 * The Rust sample: the `sigil-sdk` crate (`packages/rust`) with the names its generator
 * (packages/rust/generator/generate.mjs) gives methods, structs, fields and enum variants, and the same rules for
 * which structs derive `Default` and which fields are boxed. samples.run.test.ts compiles every sample against the
 * real crate, so a rule that drifts fails there.
 */

const RUST_KEYWORDS = new Set([
  'as', 'break', 'const', 'continue', 'crate', 'else', 'enum', 'extern', 'false', 'fn', 'for', 'if', 'impl', 'in',
  'let', 'loop', 'match', 'mod', 'move', 'mut', 'pub', 'ref', 'return', 'self', 'static', 'struct', 'super',
  'trait', 'true', 'type', 'unsafe', 'use', 'where', 'while', 'async', 'await', 'dyn', 'abstract', 'become', 'box',
  'do', 'final', 'macro', 'override', 'priv', 'typeof', 'unsized', 'virtual', 'yield', 'try',
]);
// Names the sample's own `use` lines or the prelude hold: a type of the crate with one of them is written `types::X`.
const TAKEN_NAMES = new Set(['Result', 'Option', 'Box', 'Vec', 'String', 'Client', 'ApiKeyStamper', 'Outcome', 'WaitOptions']);

/** `createWallet` → `create_wallet`, `walletId` → `wallet_id`, as the crate's generator spells methods and fields. */
export function rustSnake(name: string): string {
  return name
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

const fieldIdent = (name: string): string => {
  const ident = rustSnake(name);
  return RUST_KEYWORDS.has(ident) ? `r#${ident}` : ident;
};
const pascal = (id: string): string => id[0]!.toUpperCase() + id.slice(1);

/** The variant the generator declares for an enum value (`CURVE_SECP256K1` of `Curve` is `Secp256k1`, `24` is `V24`). */
export function rustVariant(enumName: string, schema: SchemaObject, value: string | number): string {
  if (schema.type === 'integer') return `V${value}`;
  const screaming = `${rustSnake(enumName).toUpperCase()}_`;
  const prefix = (schema.enum ?? []).every((v) => String(v).startsWith(screaming)) ? screaming : '';
  const words = String(value).slice(prefix.length).split(/[^A-Za-z0-9]+/).filter(Boolean);
  const ident = words.map((w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()).join('');
  return /^[0-9]/.test(ident) ? `V${ident}` : ident;
}

/** A Rust string literal: JSON's escapes mean the same in Rust except `\uXXXX`, written `\u{XXXX}`. */
function rsString(value: string): string {
  return JSON.stringify(value).replace(/\\u([0-9a-fA-F]{4})/g, '\\u{$1}');
}

/** The Rust type the generator gives a property, as `rustType` in the generator: only what decides the literal. */
type Kind =
  | {kind: 'struct'; name: string}
  | {kind: 'enum'; name: string; schema: SchemaObject}
  | {kind: 'string' | 'bool' | 'int' | 'float' | 'map'}
  | {kind: 'vec'; item: Kind};

interface Writer {
  input: SdkSampleInput;
  /** Crate types the literal names, for the `use` line. */
  used: Set<string>;
  hasDefault: (name: string) => boolean;
  boxed: Set<string>;
}

function kindOf(w: Writer, owner: string, prop: string, schema: SchemaObject): Kind {
  const name = refName(schema.$ref);
  if (name) {
    const target = w.input.registry.get(name);
    if (target.enum) return {kind: 'enum', name, schema: target};
    if (target.type === 'object') return {kind: 'struct', name};
    if (target.type === 'string') return {kind: 'string'};
    throw new Error(`Rust sample: ${name} is neither an enum, an object nor a string`);
  }
  if (schema.enum) return {kind: 'enum', name: owner + pascal(prop), schema};
  switch (schema.type) {
    case 'string':
      return {kind: 'string'};
    case 'boolean':
      return {kind: 'bool'};
    case 'integer':
      return {kind: 'int'};
    case 'number':
      return {kind: 'float'};
    case 'array':
      return {kind: 'vec', item: kindOf(w, owner, prop, schema.items ?? {})};
    case 'object':
      return {kind: 'map'};
    default:
      throw new Error(`Rust sample: ${owner}.${prop} has a schema the crate has no type for`);
  }
}

function typeName(w: Writer, name: string): string {
  w.used.add(name);
  return TAKEN_NAMES.has(name) ? `types::${name}` : name;
}

/** A JSON value of a `serde_json::Map` field, through `serde_json::json!`. */
function jsonLiteral(value: unknown, indent: string): string {
  const inner = `${indent}    `;
  if (value === null) return 'null';
  if (typeof value === 'string') return rsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${jsonLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(asRecord(value));
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${rsString(k)}: ${jsonLiteral(v, inner)},`).join('\n')}\n${indent}}`;
}

function mapLiteral(value: unknown, indent: string): string {
  const entries = Object.entries(asRecord(value));
  if (entries.length === 0) return 'serde_json::Map::new()';
  return `serde_json::json!(${jsonLiteral(value, indent)})\n${indent}.as_object()\n${indent}.cloned()\n${indent}.unwrap_or_default()`;
}

function valueOf(w: Writer, kind: Kind, value: unknown, indent: string): string {
  switch (kind.kind) {
    case 'struct':
      return `${typeName(w, kind.name)} ${structLiteral(w, kind.name, w.input.registry.get(kind.name), asRecord(value), indent)}`;
    case 'enum':
      if (!(kind.schema.enum ?? []).includes(value as string | number)) throw new Error(`Rust sample: ${String(value)} is not a value of ${kind.name}`);
      return `${typeName(w, kind.name)}::${rustVariant(kind.name, kind.schema, value as string | number)}`;
    case 'string':
      return `${rsString(String(value))}.into()`;
    case 'bool':
    case 'int':
      return String(value);
    case 'float':
      return Number.isInteger(value) ? `${String(value)}.0` : String(value);
    case 'map':
      return mapLiteral(value, indent);
    case 'vec': {
      const items = Array.isArray(value) ? value : [];
      if (items.length === 0) return 'vec![]';
      // One struct in a list reads as `vec![T { ... }]`, as rustfmt writes it and as on the Rust SDK page.
      if (items.length === 1 && kind.item.kind === 'struct') return `vec![${valueOf(w, kind.item, items[0], indent)}]`;
      const inner = `${indent}    `;
      const values = items.map((item) => valueOf(w, kind.item, item, inner));
      // rustfmt keeps a list on one line when it is at most 60 columns wide.
      const oneLine = `vec![${values.join(', ')}]`;
      if (oneLine.length <= 60 && !oneLine.includes('\n')) return oneLine;
      return `vec![\n${items.map((item) => `${inner}${valueOf(w, kind.item, item, inner)},`).join('\n')}\n${indent}]`;
    }
  }
}

/** `{ field: value, ... }` of a struct, `..Default::default()` for the fields the example leaves out. */
function structLiteral(w: Writer, name: string, schema: SchemaObject, value: Record<string, unknown>, indent: string, optional: Set<string> = new Set()): string {
  const inner = `${indent}    `;
  const required = new Set((schema.required ?? []).filter((r) => !optional.has(r)));
  const lines: string[] = [];
  const extra: Record<string, unknown> = {};
  for (const [prop, item] of Object.entries(value)) {
    const propSchema = schema.properties?.[prop];
    if (!propSchema) {
      if (!schema.additionalProperties) throw new Error(`Rust sample: the example has ${prop}, which ${name} does not declare`);
      extra[prop] = item;
      continue;
    }
    let literal = valueOf(w, kindOf(w, name, prop, propSchema), item, inner);
    if (w.boxed.has(`${name}.${prop}`)) literal = `Box::new(${literal})`;
    let line = `${inner}${fieldIdent(prop)}: ${required.has(prop) ? literal : `Some(${literal})`},`;
    // rustfmt moves the `.into()` of a string that would pass column 100 to a line of its own.
    if (line.length > 100 && required.has(prop) && /^"[^\n]*"\.into\(\)$/.test(literal)) line = `${line.slice(0, -'.into(),'.length)}\n${inner}    .into(),`;
    // and the value of a `Some(...)` that would, to lines of their own.
    else if (line.length > 100 && !required.has(prop) && !literal.includes('\n')) line = `${inner}${fieldIdent(prop)}: Some(\n${inner}    ${literal},\n${inner}),`;
    lines.push(line);
  }
  if (schema.additionalProperties) lines.push(`${inner}extra: ${mapLiteral(extra, inner)},`);
  const missing = Object.keys(schema.properties ?? {}).filter((prop) => !(prop in value));
  for (const prop of missing) if (required.has(prop)) throw new Error(`Rust sample: the example of ${name} has no ${prop}, which is required`);
  if (missing.length > 0) {
    if (w.hasDefault(name)) lines.push(`${inner}..Default::default()`);
    else for (const prop of missing) lines.push(`${inner}${fieldIdent(prop)}: None,`);
  }
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * Which structs derive `Default`, by the generator's rule: every required field's type has a default (strings,
 * numbers, lists, maps, string aliases and such structs; not enums). `optionalIn` names fields the crate makes
 * optional beyond the document (a query's `organizationId`).
 */
function defaultRule(input: SdkSampleInput, optionalIn: Map<string, Set<string>>): (name: string) => boolean {
  const memo = new Map<string, boolean>();
  const propHasDefault = (schema: SchemaObject): boolean => {
    const name = refName(schema.$ref);
    if (name) {
      const target = input.registry.get(name);
      if (target.enum) return false;
      if (target.type === 'string') return true;
      return structHasDefault(name);
    }
    return !schema.enum;
  };
  const structHasDefault = (name: string): boolean => {
    const known = memo.get(name);
    if (known !== undefined) return known;
    memo.set(name, true); // a cycle goes through Option or Vec, which have a default anyway
    const schema = input.registry.get(name);
    const required = new Set((schema.required ?? []).filter((r) => !optionalIn.get(name)?.has(r)));
    const ok = Object.entries(schema.properties ?? {}).every(([prop, p]) => !required.has(prop) || propHasDefault(p.type === 'array' ? {type: 'array'} : p));
    memo.set(name, ok);
    return ok;
  };
  return structHasDefault;
}

/** Fields the generator boxes: those through which a struct would contain itself. */
function boxedFields(input: SdkSampleInput): Set<string> {
  const boxed = new Set<string>();
  const direct = (name: string): [string, string][] =>
    Object.entries(input.registry.get(name).properties ?? {}).flatMap(([prop, p]) => {
      const target = refName(p.$ref);
      return target ? [[prop, target] as [string, string]] : [];
    });
  for (const name of input.registry.names) {
    const stack = [name];
    const visited = new Set<string>();
    while (stack.length) {
      const current = stack.pop()!;
      for (const [prop, target] of direct(current)) {
        if (target === name) boxed.add(`${current}.${prop}`);
        else if (!visited.has(target)) {
          visited.add(target);
          stack.push(target);
        }
      }
    }
  }
  return boxed;
}

/** `use path::{A, B};`, its names packed into lines of at most 100 columns when one line is longer, as rustfmt writes it. */
function useLine(path: string, names: string[]): string {
  const single = names.length === 1 ? `use ${path}::${names[0]};` : `use ${path}::{${names.join(', ')}};`;
  if (single.length <= 100) return single;
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    const next = line ? `${line} ${name},` : `    ${name},`;
    if (next.length > 100 && line) {
      lines.push(line);
      line = `    ${name},`;
    } else line = next;
  }
  lines.push(line);
  return `use ${path}::{\n${lines.join('\n')}\n};`;
}

/** The Rust sample of an operation: a program whose `main` calls the operation's method and prints the answer. */
export function rustSample(input: SdkSampleInput): string {
  const body = asRecord(input.requestExample);
  const organizationId = typeof body.organizationId === 'string' ? body.organizationId : input.fallbackOrganizationId;
  const method = rustSnake(input.operationId);
  const {name, schema} = bodySchema(input);
  // A query's organizationId is optional in the crate: the client fills in its own.
  const optionalIn = new Map<string, Set<string>>(input.kind === 'query' ? [[name, new Set(['organizationId'])]] : []);
  const w: Writer = {input, used: new Set(), hasDefault: defaultRule(input, optionalIn), boxed: boxedFields(input)};
  const sdkItems = ['ApiKeyStamper', 'Client'];
  let call: string[];
  if (input.kind === 'submission') {
    sdkItems.push('Outcome', 'WaitOptions');
    const type = typeName(w, `${pascal(input.operationId)}Parameters`);
    const literal = structLiteral(w, name, schema, asRecord(body.parameters), '        ');
    const result = input.resultKey ? `.${rustSnake(input.resultKey)}` : '';
    call = [
      'let activity = client',
      `    .${method}(${type} ${literal})`,
      '    .await?;',
      '',
      '// Wait until the activity is final (it may need approvals or run asynchronously).',
      'let done = client',
      '    .wait_for_activity(&activity, WaitOptions::default())',
      '    .await?;',
      'if done.outcome == Outcome::Completed {',
      `    let result = &done.activity.result${result};`,
      '    println!("{}", serde_json::to_string_pretty(result)?);',
      '} else {',
      '    println!("{:?}: {}", done.outcome, done.activity.status);',
      '}',
    ];
  } else {
    const {organizationId: _own, ...rest} = body;
    const type = typeName(w, `${pascal(input.operationId)}Request`);
    const request =
      Object.keys(rest).length === 0 && w.hasDefault(name)
        ? `${type}::default()`
        : `${type} ${structLiteral(w, name, schema, rest, '        ', optionalIn.get(name))}`.replace(/^( +organization_id: None,)$/m, "$1 // the client's own");
    call = [
      // The client fills in its own organization; set organization_id only to query another.
      // rustfmt's rule: a chain of 60 columns or more takes a line per call.
      ...(request.includes('\n') || `client.${method}(${request}).await?`.length >= 60
        ? ['let response = client', `    .${method}(${request})`, '    .await?;']
        : [`let response = client.${method}(${request}).await?;`]),
      'println!("{}", serde_json::to_string_pretty(&response)?);',
    ];
  }
  const types = [...w.used].sort();
  const direct = types.filter((t) => !TAKEN_NAMES.has(t));
  const typesUse = direct.length === 0 ? [] : [useLine('sigil_sdk::types', direct)];
  if (types.some((t) => TAKEN_NAMES.has(t))) sdkItems.push('types');
  return [
    ...typesUse,
    useLine('sigil_sdk', sdkItems.sort()),
    '',
    '#[tokio::main]',
    'async fn main() -> Result<(), Box<dyn std::error::Error>> {',
    '    let stamper = ApiKeyStamper::new(',
    '        &std::env::var("SIGIL_API_PUBLIC_KEY")?,',
    '        &std::env::var("SIGIL_API_PRIVATE_KEY")?,',
    '    )?;',
    `    let base_url = ${envOr('rust', 'baseUrl', sampleBaseUrl(input.apiBaseUrl))};`,
    `    let organization_id = ${envOr('rust', 'organizationId', organizationId)};`,
    '    let client = Client::builder()',
    '        .base_url(base_url)',
    '        .organization_id(organization_id)',
    '        .stamper(stamper)',
    '        .build()?;',
    '',
    ...call.map((line) => (line ? `    ${line}` : '')),
    '    Ok(())',
    '}',
    '',
    '/// The environment variable `SIGIL_<name>` (SIGIL_BASE_URL and SIGIL_ORGANIZATION_ID, as the SDK and the CLI',
    '/// read them), or `fallback` when it is unset.',
    'fn sigil_env(name: &str, fallback: &str) -> String {',
    '    std::env::var(format!("SIGIL_{name}")).unwrap_or_else(|_| fallback.to_string())',
    '}',
    '',
  ].join('\n');
}
