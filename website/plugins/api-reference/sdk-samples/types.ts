import type {SchemaObject, SchemaRegistry} from '../openapi';
import type {SampleInput} from '../sample-input';

/**
 * What a sample of a typed SDK (Go, Ruby, Rust) needs beyond the language-neutral input: the schemas,
 * so that the request example becomes the SDK's own types, field names and enum constants.
 */
export interface SdkSampleInput extends SampleInput {
  registry: SchemaRegistry;
  /** The request body's schema name (a query's request, a submission's envelope). */
  requestSchema: string;
}

/** One SDK's sample generator: the key in `CodeSamples`, the tab label and the Prism language. */
export interface SdkSampleLanguage {
  key: 'go' | 'ruby' | 'rust';
  label: string;
  prism: string;
  sample: (input: SdkSampleInput) => string;
}

/** The schema of a submission's parameters (the envelope's `parameters` $ref), or of a query's body. */
export function bodySchema(input: SdkSampleInput): {name: string; schema: SchemaObject} {
  const envelope = input.registry.get(input.requestSchema);
  if (input.kind === 'submission') {
    const parameters = envelope.properties?.parameters;
    if (!parameters) throw new Error(`${input.operationId}: the envelope ${input.requestSchema} has no parameters`);
    const {schema, name} = input.registry.deref(parameters);
    if (!name) throw new Error(`${input.operationId}: the parameters of ${input.requestSchema} are not a named schema`);
    return {name, schema};
  }
  return {name: input.requestSchema, schema: envelope};
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A schema with `additionalProperties`: a map the SDKs send as is, keys untouched. */
export function isMapSchema(schema: SchemaObject): boolean {
  return schema.additionalProperties !== undefined && schema.additionalProperties !== false;
}
