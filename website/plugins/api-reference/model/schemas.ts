import {describeConstraints, objectFields, typeExpr} from '../fields';
import {isEnum, isObjectSchema, isSingleKeyUnion, refName, type OpenApiDocument, type SchemaRegistry} from '../openapi';
import {firstSentence, plainText} from '../richtext';
import {schemaRoute} from '../slugs';
import type {OperationSummary, RichText, SchemaCategory, SchemaPageData, SchemaSummary} from '../types';
import {refTo} from './context';
import {generatedExample} from './examples';
import type {OperationEntry} from './operations';

const CATEGORY_ORDER: SchemaCategory[] = [
  'Entities',
  'Values',
  'Enumerations',
  'Intents',
  'Results',
  'Request bodies',
  'Response bodies',
];

export type SchemasByCategory = {category: SchemaCategory; schemas: SchemaSummary[]}[];

/** Every schema's category and one-line summary, grouped by category in index order. */
export function categorizeSchemas(
  registry: SchemaRegistry,
  entries: OperationEntry[],
  describe: (markdown: string) => RichText,
): {summaries: Map<string, SchemaSummary>; byCategory: SchemasByCategory} {
  const requestSchemas = new Set(entries.map((e) => e.requestSchema));
  const responseSchemas = new Set(entries.map((e) => e.responseSchema));
  const category = (name: string): SchemaCategory => {
    const schema = registry.get(name);
    if (requestSchemas.has(name)) return 'Request bodies';
    if (responseSchemas.has(name)) return 'Response bodies';
    if (isEnum(schema)) return 'Enumerations';
    if (/Intent(V\d+)?$/.test(name)) return 'Intents';
    if (/Result(V\d+)?$/.test(name)) return 'Results';
    return isObjectSchema(schema) ? 'Entities' : 'Values';
  };
  const summaries = new Map<string, SchemaSummary>(
    registry.names.map((name) => {
      const description = registry.get(name).description;
      return [
        name,
        {
          name,
          route: schemaRoute(name),
          category: category(name),
          summary: description ? firstSentence(plainText(describe(description))) : '',
        },
      ];
    }),
  );
  const byCategory = CATEGORY_ORDER.map((c) => ({
    category: c,
    schemas: registry.names
      .filter((n) => summaries.get(n)?.category === c)
      .sort((a, b) => a.localeCompare(b))
      .map((n) => summaries.get(n) as SchemaSummary),
  })).filter((c) => c.schemas.length > 0);
  return {summaries, byCategory};
}

/** Which schemas each operation's request and answer reach (single-key unions only through the operation's own keys). */
function usedByOperations(registry: SchemaRegistry, entries: OperationEntry[]): Map<string, OperationSummary[]> {
  const usedBy = new Map<string, OperationSummary[]>(registry.names.map((n) => [n, []]));
  for (const entry of entries) {
    const seen = new Set<string>();
    const visit = (name: string): void => {
      if (seen.has(name)) return;
      seen.add(name);
      const schema = registry.get(name);
      if (isSingleKeyUnion(schema)) {
        for (const [key, property] of Object.entries(schema.properties ?? {})) {
          const target = refName(property.$ref);
          if (entry.unionKeys.has(key) && target) visit(target);
        }
        return;
      }
      for (const ref of registry.directRefs(schema)) visit(ref);
    };
    visit(entry.requestSchema);
    visit(entry.responseSchema);
    for (const name of seen) usedBy.get(name)?.push(entry.summary);
  }
  return usedBy;
}

function referencedBySchemas(registry: SchemaRegistry): Map<string, Set<string>> {
  const referencedBy = new Map<string, Set<string>>(registry.names.map((n) => [n, new Set()]));
  for (const name of registry.names) {
    for (const ref of registry.directRefs(registry.get(name))) referencedBy.get(ref)?.add(name);
  }
  return referencedBy;
}

export interface SchemaPageInputs {
  doc: OpenApiDocument;
  registry: SchemaRegistry;
  entries: OperationEntry[];
  /** Operations in sidebar order. */
  orderedOperations: OperationSummary[];
  summaries: Map<string, SchemaSummary>;
  byCategory: SchemasByCategory;
  errorSchemas: Set<string>;
  /** Examples taken from the operations' own examples (examples.ts). */
  harvested: Map<string, unknown>;
  describe: (markdown: string) => RichText;
}

/** One page per schema, in index order. */
export function schemaPages(inputs: SchemaPageInputs): SchemaPageData[] {
  const {doc, registry, summaries, describe, harvested} = inputs;
  const usedBy = usedByOperations(registry, inputs.entries);
  const referencedBy = referencedBySchemas(registry);
  return inputs.byCategory.flatMap(({schemas: list}) =>
    list.map(({name}) => {
      const schema = registry.get(name);
      const summary = summaries.get(name) as SchemaSummary;
      const page: SchemaPageData = {
        name,
        route: summary.route,
        category: summary.category,
        type: typeExpr(schema, registry),
        usedBy: inputs.orderedOperations.filter((o) => usedBy.get(name)?.some((u) => u.operationId === o.operationId)),
        usedByAllAsError: inputs.errorSchemas.has(name),
        referencedBy: [...(referencedBy.get(name) ?? [])].sort().map((n) => summaries.get(n) as SchemaSummary),
      };
      if (schema.description) page.description = describe(schema.description);
      if (schema.deprecated) page.deprecated = true;
      if (schema.properties) {
        page.fields = objectFields(refTo(name), {registry, describe, expandRefs: false});
      }
      if (schema.enum) {
        const descriptions = schema['x-enum-descriptions'] ?? {};
        page.enumValues = schema.enum.map((value) => {
          const text = descriptions[String(value)];
          return {value: String(value), ...(text ? {description: describe(text)} : {})};
        });
      }
      const constraints = describeConstraints(schema, registry);
      if (constraints.length) page.constraints = constraints;
      if (schema.default !== undefined) page.default = JSON.stringify(schema.default);
      if (schema.example !== undefined) page.example = JSON.stringify(schema.example, null, 2);
      else if (isObjectSchema(schema) && harvested.has(name)) page.example = JSON.stringify(harvested.get(name), null, 2);
      else if (isObjectSchema(schema) && !isSingleKeyUnion(schema)) {
        page.example = JSON.stringify(generatedExample(schema, doc), null, 2);
        page.exampleGenerated = true;
      }
      if (schema['x-sigil-no-endpoint']) page.noEndpointActivityType = schema['x-sigil-activity-type'] ?? name;
      return page;
    }),
  );
}
