// An operation's or schema's fields as flat rows (dotted paths, array items adding no segment, as the API
// reference's field anchors), each with its type, enum, default and limits from the API document.
import { refName, resolve, type OpenApiDocument, type SchemaObject } from './openapi.js';

export interface FieldRow {
  path: string;
  type: string;
  required: boolean;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  /** `minLength 1`, `maxItems 100`, `pattern ^0x`: every limit the schema states. */
  limits?: string[];
  /** The named schema the field's type is, for a link to its page. */
  schema?: string;
}

const LIMIT_KEYS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'pattern', 'format'] as const;

function typeOf(doc: OpenApiDocument, schema: SchemaObject): string {
  const named = refName(schema);
  const resolved = resolve(doc, schema);
  const base = Array.isArray(resolved.type) ? resolved.type.join(' | ') : (resolved.type ?? (resolved.properties ? 'object' : 'any'));
  if (base === 'array' && resolved.items) return `array of ${typeOf(doc, resolved.items)}`;
  return named && (resolved.properties || resolved.enum) ? `${base} (${named})` : base;
}

export function fieldRows(doc: OpenApiDocument, schema: SchemaObject, maxDepth = 4): FieldRow[] {
  const rows: FieldRow[] = [];
  const visit = (current: SchemaObject, prefix: string, depth: number, seen: Set<string>) => {
    const resolved = resolve(doc, current);
    const objectSchema = resolved.type === 'array' && resolved.items ? resolve(doc, resolved.items) : resolved;
    for (const [name, property] of Object.entries(objectSchema.properties ?? {})) {
      const field = resolve(doc, property);
      const itemSchema = field.type === 'array' && field.items ? resolve(doc, field.items) : undefined;
      const enumSource = itemSchema?.enum ? itemSchema : field;
      const limits = LIMIT_KEYS.flatMap((key) => (field[key] !== undefined ? [`${key} ${String(field[key])}`] : []));
      const named = refName(property) ?? (field.items ? refName(field.items) : undefined);
      const path = prefix ? `${prefix}.${name}` : name;
      rows.push({
        path,
        type: typeOf(doc, property),
        required: objectSchema.required?.includes(name) ?? false,
        ...(field.description ? { description: field.description } : {}),
        ...(enumSource.enum ? { enum: enumSource.enum } : {}),
        ...(field.const !== undefined ? { const: field.const } : {}),
        ...(field.default !== undefined ? { default: field.default } : {}),
        ...(limits.length ? { limits } : {}),
        ...(named ? { schema: named } : {}),
      });
      const nested = itemSchema ?? field;
      if (nested.properties && depth < maxDepth && !(named && seen.has(named))) {
        visit(nested, path, depth + 1, named ? new Set([...seen, named]) : seen);
      }
    }
  };
  visit(schema, '', 0, new Set(refName(schema) ? [refName(schema)!] : []));
  return rows;
}

export function fieldLine(row: FieldRow): string {
  const facts = [
    row.type,
    row.required ? 'required' : 'optional',
    row.const !== undefined ? `always ${JSON.stringify(row.const)}` : '',
    row.enum && row.enum.length <= 40 ? `one of ${row.enum.join(', ')}` : row.enum ? `${row.enum.length} values (see ${row.schema ?? 'its schema'})` : '',
    row.default !== undefined ? `default ${JSON.stringify(row.default)}` : '',
    ...(row.limits ?? []),
  ].filter(Boolean);
  return `- \`${row.path}\` (${facts.join('; ')})${row.description ? `: ${row.description.replace(/\s*\n\s*/g, ' ')}` : ''}`;
}
