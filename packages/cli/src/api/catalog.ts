// The API commands (`sigil wallets create`, `sigil activities get <id>`, ...) derived from the OpenAPI
// document: one group per tag below, one command per operation of that tag, one flag per field of its
// request. Nothing here names an operation or a field, so a new operation or field is a new command or
// flag at the next build.
import openapi from '@sigil/api-spec/openapi.json' with { type: 'json' };
import { OPERATIONS, type OperationInfo } from '@sigil/api-spec';

/** The document's tags that get command groups, in the order `sigil --help` lists them. */
export const COMMAND_TAGS = ['Organizations', 'Users', 'Wallets', 'Policies', 'Activities'] as const;

/** How a flag's text becomes a field value. */
export type FlagKind = 'string' | 'integer' | 'number' | 'boolean' | 'string-list' | 'json';

export interface Flag {
  /** The flag without its dashes, e.g. `name`. */
  name: string;
  /** The request field it sets, e.g. `walletName`. */
  field: string;
  kind: FlagKind;
  required: boolean;
  /** The allowed values (for a list: of each item). */
  enum: readonly (string | number)[] | undefined;
  description: string;
}

export interface ApiCommand {
  group: string;
  /** e.g. `create`, `get-account`. */
  name: string;
  operation: OperationInfo;
  flags: Flag[];
  /** The flag a lone positional argument fills (`sigil activities get <id>`), if the command has one. */
  positional: Flag | undefined;
}

export interface CommandGroup {
  /** e.g. `wallets`. */
  name: string;
  tag: string;
  description: string;
  commands: ApiCommand[];
}

interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  enum?: (string | number)[];
  const?: string | number;
  description?: string;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
}

interface Document {
  tags: Array<{ name: string; description?: string }>;
  components: { schemas: Record<string, SchemaObject> };
}

// The JSON import's own type is the whole document literal; this is the part read here.
const doc = openapi as unknown as Document;

function resolve(schema: SchemaObject): SchemaObject {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`The API document has no schema ${name}`);
    // A $ref's siblings (its description) describe this use; keep them over the target's.
    current = { ...target, ...(current.description ? { description: current.description } : {}) };
  }
  return current;
}

function scalarType(schema: SchemaObject): string | undefined {
  const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : [schema.type];
  return types.length === 1 ? types[0] : undefined;
}

function flagKind(schema: SchemaObject): FlagKind {
  const type = scalarType(schema);
  if (type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') return type;
  if (type === 'array' && schema.items && scalarType(resolve(schema.items)) === 'string') return 'string-list';
  return 'json';
}

const words = (camel: string): string[] => camel.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
const kebab = (camel: string): string => words(camel).join('-');
const singular = (plural: string): string => plural.replace(/ies$/, 'y').replace(/s$/, '');

/** `walletName` in the wallets group is `--name`; a field without the group's noun keeps its name. */
function flagName(field: string, noun: string): string {
  const parts = words(field);
  return parts.length > 1 && parts[0] === noun ? parts.slice(1).join('-') : kebab(field);
}

/** First sentence of a description, for one-line help. */
export function firstSentence(text: string | undefined): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/\.(\s|$)/);
  return end === -1 ? flat : flat.slice(0, end + 1);
}

function commandFor(group: string, noun: string, operation: OperationInfo): Omit<ApiCommand, 'name'> & { words: string[]; plural: boolean } {
  const schemaName = operation.kind === 'query' ? operation.requestSchema : operation.intentSchema;
  const schema = schemaName ? resolve({ $ref: `#/components/schemas/${schemaName}` }) : {};
  const required = new Set(schema.required ?? []);
  // The organization comes from the profile or --organization, for every command alike.
  const flags: Flag[] = Object.entries(schema.properties ?? {})
    .filter(([field]) => field !== 'organizationId')
    .map(([field, property]) => {
      const resolved = resolve(property);
      const kind = flagKind(resolved);
      const values = kind === 'string-list' && resolved.items ? resolve(resolved.items) : resolved;
      return {
        name: flagName(field, noun),
        field,
        kind,
        required: required.has(field),
        enum: values.enum ?? (values.const !== undefined ? [values.const] : undefined),
        description: firstSentence(property.description ?? resolved.description),
      };
    });
  const requiredFlags = flags.filter((flag) => flag.required);
  const positional = requiredFlags.length === 1 && requiredFlags[0]!.kind === 'string' && /Id$/.test(requiredFlags[0]!.field) ? requiredFlags[0] : undefined;
  const nameWords = words(operation.operationId);
  const plural = nameWords.includes(`${noun}s`) || nameWords.includes(group);
  const rest = nameWords.filter((word) => word !== noun && word !== group && word !== `${noun}s`);
  return { group, operation, flags, positional, words: rest, plural };
}

/** Every command group, built from the document's operations. */
export function buildCatalog(): CommandGroup[] {
  return COMMAND_TAGS.map((tag) => {
    const name = kebab(tag.replace(/\s+/g, ''));
    const noun = singular(name);
    const drafts = OPERATIONS.filter((operation) => operation.tag === tag).map((operation) => commandFor(name, noun, operation));
    const commands = drafts.map(({ words: rest, plural, ...command }) => {
      const short = rest.join('-');
      // Two operations that differ only by the noun's number (create_policy, create_policies): the plural keeps it.
      const clash = drafts.some((other) => other.operation !== command.operation && other.words.join('-') === short);
      return { ...command, name: clash && plural ? `${short}-${name}` : short };
    });
    const description = firstSentence(doc.tags.find((t) => t.name === tag)?.description);
    return { name, tag, description, commands };
  });
}
