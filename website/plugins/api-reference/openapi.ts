/**
 * The parts of an OpenAPI 3.1 document the reference reads, and `$ref` lookup.
 * The bundled document (Redocly) keeps every schema under `components.schemas` and refers
 * to it with local `#/components/schemas/<Name>` pointers, so a ref is a name lookup.
 */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: (string | number | boolean | null)[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  deprecated?: boolean;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
  additionalProperties?: boolean | SchemaObject;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  allOf?: SchemaObject[];
  'x-enum-descriptions'?: Record<string, string>;
  'x-sigil-no-endpoint'?: boolean;
  'x-sigil-activity-type'?: string;
  [extension: `x-${string}`]: unknown;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, {summary?: string; description?: string; value?: unknown}>;
}

export interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  requestBody?: {required?: boolean; description?: string; content?: Record<string, MediaTypeObject>};
  responses?: Record<string, ResponseObject>;
  'x-sigil-kind'?: 'query' | 'submission';
  'x-sigil-activity-type'?: string;
  'x-sigil-intent'?: string;
  'x-sigil-result'?: string;
  /** The codes this operation answers beyond those of every call (`x-common-errors`), each with when. */
  'x-errors'?: {code: number; when: string}[];
}

export interface SecuritySchemeObject {
  type: string;
  in?: string;
  name?: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: {title: string; version: string; summary?: string; description?: string};
  servers?: {url: string; description?: string}[];
  security?: Record<string, string[]>[];
  tags?: {name: string; description?: string}[];
  paths: Record<string, Record<string, OperationObject>>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    responses?: Record<string, ResponseObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
  'x-tagGroups'?: {name: string; tags: string[]}[];
  'x-limits'?: {
    id: string;
    name: string;
    value: unknown;
    unit?: string;
    appliesTo?: string[];
    description?: string;
  }[];
  'x-error-codes'?: {code: number; name: string; httpStatus: number; retryable: boolean; submissionRetryable?: boolean; description?: string}[];
  /** The codes every call can answer, each with when. */
  'x-common-errors'?: {code: number; when: string}[];
}

const SCHEMA_REF = '#/components/schemas/';
const RESPONSE_REF = '#/components/responses/';

/** The schema name a `$ref` points to, or undefined when it is not a local schema ref. */
export function refName(ref: string | undefined): string | undefined {
  return ref?.startsWith(SCHEMA_REF) ? decodeURIComponent(ref.slice(SCHEMA_REF.length)) : undefined;
}

export class SchemaRegistry {
  constructor(readonly doc: OpenApiDocument) {}

  get names(): string[] {
    return Object.keys(this.doc.components?.schemas ?? {});
  }

  get(name: string): SchemaObject {
    const schema = this.doc.components?.schemas?.[name];
    if (!schema) throw new Error(`The OpenAPI document has no schema "${name}"`);
    return schema;
  }

  /** Follows `$ref`s; returns the target and the name of the last named schema. */
  deref(schema: SchemaObject): {schema: SchemaObject; name?: string} {
    let current = schema;
    let name: string | undefined;
    for (let hops = 0; current.$ref; hops++) {
      if (hops > 32) throw new Error(`$ref chain too long at ${current.$ref}`);
      name = refName(current.$ref);
      if (!name) throw new Error(`Only local schema refs are supported, found ${current.$ref}`);
      current = this.get(name);
    }
    return {schema: current, name};
  }

  response(response: ResponseObject): ResponseObject {
    if (!response.$ref) return response;
    if (!response.$ref.startsWith(RESPONSE_REF)) throw new Error(`Unsupported response ref ${response.$ref}`);
    const name = response.$ref.slice(RESPONSE_REF.length);
    const target = this.doc.components?.responses?.[name];
    if (!target) throw new Error(`The OpenAPI document has no response "${name}"`);
    return target;
  }

  /** Names of the schemas `schema` refers to directly (through properties, items, maps, compositions). */
  directRefs(schema: SchemaObject): string[] {
    const out = new Set<string>();
    const visit = (s: SchemaObject | undefined): void => {
      if (!s) return;
      const name = refName(s.$ref);
      if (name) {
        out.add(name);
        return;
      }
      for (const p of Object.values(s.properties ?? {})) visit(p);
      visit(s.items);
      if (typeof s.additionalProperties === 'object') visit(s.additionalProperties);
      for (const list of [s.oneOf, s.anyOf, s.allOf]) for (const member of list ?? []) visit(member);
    };
    visit(schema);
    return [...out];
  }
}

/** True for a schema that is an enumeration (its own or through an array's items). */
export function isEnum(schema: SchemaObject): boolean {
  return Array.isArray(schema.enum);
}

export function isObjectSchema(schema: SchemaObject): boolean {
  return schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined);
}

/**
 * A "one key out of many" object such as `Intent` or `Result` (`maxProperties: 1` and many
 * properties). Pages show only the key that belongs to the operation at hand.
 */
export function isSingleKeyUnion(schema: SchemaObject): boolean {
  return schema.maxProperties === 1 && Object.keys(schema.properties ?? {}).length > 1;
}

export function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
