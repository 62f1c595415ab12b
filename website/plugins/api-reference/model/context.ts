import {refName, type MediaTypeObject, type OpenApiDocument, type SchemaObject} from '../openapi';
import {toRichText, type CodeLinker, type FromMarkdown} from '../richtext';
import {schemaRoute} from '../slugs';
import type {OperationSummary, RichText} from '../types';
import type {SchemaRegistry} from '../openapi';

const JSON_MEDIA = 'application/json';

export function jsonMedia(content: Record<string, MediaTypeObject> | undefined, where: string): MediaTypeObject {
  const media = content?.[JSON_MEDIA];
  if (!media) throw new Error(`${where} has no ${JSON_MEDIA} content`);
  return media;
}

export function schemaNameOf(media: MediaTypeObject, where: string): string {
  const name = refName(media.schema?.$ref);
  if (!name) throw new Error(`${where} must refer to a named schema under components.schemas`);
  return name;
}

/** A `$ref` to a named schema, as the field walkers take it. */
export function refTo(name: string): SchemaObject {
  return {$ref: `#/components/schemas/${name}`};
}

/** Anchor of one value on an enumeration's page. */
export function enumValueAnchor(value: string): string {
  return `value-${value}`;
}

/**
 * Turns the document's CommonMark into rich text whose inline code links to the operation,
 * schema or enum value it names. The same descriptions recur in many tables (every uuid field,
 * every timestamp): each is parsed once.
 */
export function createDescriber(
  registry: SchemaRegistry,
  // Only the summaries: the operation steps build on this module, so it takes their entries by shape.
  entries: ReadonlyArray<{summary: OperationSummary}>,
  parseMarkdown: FromMarkdown,
): {describe: (markdown: string) => RichText; linker: CodeLinker} {
  const byName = new Map(entries.map((e) => [e.summary.name, e]));
  const schemaSet = new Set(registry.names);
  // Enum values that belong to exactly one enum link to that enum's page.
  const enumOwners = new Map<string, string | null>();
  for (const name of registry.names) {
    for (const value of registry.get(name).enum ?? []) {
      if (typeof value !== 'string') continue;
      enumOwners.set(value, enumOwners.has(value) ? null : name);
    }
  }
  const linker: CodeLinker = (code) => {
    const op = byName.get(code);
    if (op) return {kind: 'op', route: op.summary.route};
    if (schemaSet.has(code)) return {kind: 'schema', route: schemaRoute(code)};
    const owner = enumOwners.get(code);
    if (owner) return {kind: 'schema', route: `${schemaRoute(owner)}#${enumValueAnchor(code)}`};
    return undefined;
  };
  const described = new Map<string, RichText>();
  const describe = (markdown: string): RichText => {
    let rich = described.get(markdown);
    if (!rich) {
      rich = toRichText(markdown, parseMarkdown, linker);
      described.set(markdown, rich);
    }
    return rich;
  };
  return {describe, linker};
}

export type {OpenApiDocument};
