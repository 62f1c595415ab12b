import {sample} from 'openapi-sampler';
import {objectFields, describeConstraints, typeExpr} from './fields';
import {
  isEnum,
  isObjectSchema,
  isSingleKeyUnion,
  lowerFirst,
  refName,
  SchemaRegistry,
  type MediaTypeObject,
  type OpenApiDocument,
  type OperationObject,
  type SchemaObject,
} from './openapi';
import {firstSentence, plainText, toRichText, type CodeLinker, type FromMarkdown} from './richtext';
import {codeSamples} from './samples';
import {API_BASE_ROUTE, SCHEMAS_ROUTE, areaSlug, operationName, operationRoute, schemaRoute} from './slugs';
import type {
  AreaGroup,
  BodySection,
  Example,
  HomePageData,
  OperationKind,
  OperationPageData,
  OperationSummary,
  RichText,
  SchemaCategory,
  SchemaIndexData,
  SchemaPageData,
  SchemaSummary,
  SidebarData,
} from './types';

export interface ModelOptions {
  /** The API base URL readers call (from brand.ts). */
  apiBaseUrl: string;
  /** Site paths of the downloadable document. */
  downloads: {label: string; href: string}[];
  /** Parses CommonMark (see richtext.ts). */
  parseMarkdown: FromMarkdown;
}

export interface ApiReferenceModel {
  home: HomePageData;
  sidebar: SidebarData;
  schemaIndex: SchemaIndexData;
  operations: OperationPageData[];
  schemas: SchemaPageData[];
  /** Inputs for the build-time request validators. */
  validators: {operationId: string; requestSchema: string}[];
}

interface OperationEntry {
  path: string;
  op: OperationObject;
  summary: OperationSummary;
  requestSchema: string;
  responseSchema: string;
  unionKeys: Set<string>;
}

const CATEGORY_ORDER: SchemaCategory[] = [
  'Entities',
  'Values',
  'Enumerations',
  'Intents',
  'Results',
  'Request bodies',
  'Response bodies',
];

const JSON_MEDIA = 'application/json';

function jsonMedia(content: Record<string, MediaTypeObject> | undefined, where: string): MediaTypeObject {
  const media = content?.[JSON_MEDIA];
  if (!media) throw new Error(`${where} has no ${JSON_MEDIA} content`);
  return media;
}

function schemaNameOf(media: MediaTypeObject, where: string): string {
  const name = refName(media.schema?.$ref);
  if (!name) throw new Error(`${where} must refer to a named schema under components.schemas`);
  return name;
}

/** The first example of a media type, or one generated from its schema (openapi-sampler) when it has none. */
function firstExample(media: MediaTypeObject, doc: OpenApiDocument, fallbackTitle: string): Example {
  const named = Object.values(media.examples ?? {}).find((e) => e.value !== undefined);
  if (named) return {title: named.summary ?? fallbackTitle, json: JSON.stringify(named.value, null, 2)};
  if (media.example !== undefined) return {title: fallbackTitle, json: JSON.stringify(media.example, null, 2)};
  const generated = sample(media.schema as Parameters<typeof sample>[0], {skipReadOnly: true, quiet: true}, doc);
  return {title: `${fallbackTitle} (generated from the schema)`, json: JSON.stringify(generated, null, 2)};
}

/** Reads the OpenAPI document and computes every page of the reference. */
export function buildModel(doc: OpenApiDocument, options: ModelOptions): ApiReferenceModel {
  const registry = new SchemaRegistry(doc);
  const schemaNames = registry.names;
  const schemaSet = new Set(schemaNames);

  // Operations, in document order.
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (method !== 'post') throw new Error(`${where}: every Sigil call is a POST`);
      if (!op.operationId) throw new Error(`${where} has no operationId`);
      const tag = op.tags?.[0];
      if (!tag || op.tags?.length !== 1) throw new Error(`${where} must have exactly one tag (its area)`);
      const kind: OperationKind = op['x-sigil-kind'] ?? (path.includes('/submit/') ? 'submission' : 'query');
      const request = jsonMedia(op.requestBody?.content, `${where} request body`);
      const ok = op.responses?.['200'];
      if (!ok) throw new Error(`${where} has no 200 response`);
      const unionKeys = new Set<string>();
      if (op['x-sigil-intent']) unionKeys.add(lowerFirst(op['x-sigil-intent']));
      if (op['x-sigil-result']) unionKeys.add(lowerFirst(op['x-sigil-result']));
      entries.push({
        path,
        op,
        requestSchema: schemaNameOf(request, `${where} request body`),
        responseSchema: schemaNameOf(jsonMedia(registry.response(ok).content, `${where} 200 response`), `${where} 200 response`),
        unionKeys,
        summary: {
          operationId: op.operationId,
          name: operationName(path),
          summary: op.summary ?? op.operationId,
          kind,
          area: tag,
          path,
          route: operationRoute(tag, path),
        },
      });
    }
  }
  const byName = new Map(entries.map((e) => [e.summary.name, e]));
  const byOperationId = new Map(entries.map((e) => [e.summary.operationId, e]));

  // Enum values that belong to exactly one enum link to that enum's page.
  const enumOwners = new Map<string, string | null>();
  for (const name of schemaNames) {
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
  // The same descriptions recur in many tables (every uuid field, every timestamp): parse each once.
  const described = new Map<string, RichText>();
  const describe = (markdown: string): RichText => {
    let rich = described.get(markdown);
    if (!rich) {
      rich = toRichText(markdown, options.parseMarkdown, linker);
      described.set(markdown, rich);
    }
    return rich;
  };

  // Areas, ordered by x-tagGroups, then any tag outside the groups.
  const tagInfo = new Map((doc.tags ?? []).map((t) => [t.name, t]));
  const usedTags = [...new Set(entries.map((e) => e.summary.area))];
  const groupsSpec = doc['x-tagGroups'] ?? [];
  const grouped = new Set(groupsSpec.flatMap((g) => g.tags));
  const groupList = [...groupsSpec];
  const ungrouped = usedTags.filter((t) => !grouped.has(t));
  if (ungrouped.length) groupList.push({name: 'Other', tags: ungrouped});
  const kindOrder = (k: OperationKind): number => (k === 'query' ? 0 : 1);
  const areaGroups: AreaGroup[] = groupList
    .map((g) => ({
      label: g.name,
      areas: g.tags
        .filter((t) => usedTags.includes(t))
        .map((t) => {
          const description = tagInfo.get(t)?.description;
          return {
            name: t,
            slug: areaSlug(t),
            ...(description ? {description: describe(description)} : {}),
            operations: entries
              .filter((e) => e.summary.area === t)
              .map((e) => e.summary)
              .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind)),
          };
        }),
    }))
    .filter((g) => g.areas.length > 0);
  const orderedOperations = areaGroups.flatMap((g) => g.areas.flatMap((a) => a.operations));
  for (const slug of new Set(areaGroups.flatMap((g) => g.areas.map((a) => a.slug)))) {
    if (slug === 'schemas') throw new Error('An area may not be called "schemas": /api/schemas is the schema index');
  }

  // Which schemas each operation's request and answer reach (single-key unions only through the operation's own keys).
  const usedBy = new Map<string, OperationSummary[]>(schemaNames.map((n) => [n, []]));
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
  const referencedBy = new Map<string, Set<string>>(schemaNames.map((n) => [n, new Set()]));
  for (const name of schemaNames) {
    for (const ref of registry.directRefs(registry.get(name))) referencedBy.get(ref)?.add(name);
  }

  // Error body: the schema of the `default` response every operation shares.
  const errorSchemas = new Set(
    entries.map((e) => {
      const fallback = e.op.responses?.default;
      if (!fallback) throw new Error(`${e.path} has no default (error) response`);
      return schemaNameOf(jsonMedia(registry.response(fallback).content, `${e.path} default response`), `${e.path} default response`);
    }),
  );

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
  const schemaSummaries = new Map<string, SchemaSummary>(
    schemaNames.map((name) => {
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
    schemas: schemaNames
      .filter((n) => schemaSummaries.get(n)?.category === c)
      .sort((a, b) => a.localeCompare(b))
      .map((n) => schemaSummaries.get(n) as SchemaSummary),
  })).filter((c) => c.schemas.length > 0);

  const securitySchemes = doc.components?.securitySchemes ?? {};
  const headersOf = (op: OperationObject): string[] =>
    (op.security ?? doc.security ?? []).flatMap((requirement) =>
      Object.keys(requirement).map((scheme) => securitySchemes[scheme]?.name ?? scheme),
    );
  // Stamp headers sign the body (X-Stamp, X-Stamp-WebAuthn); any other header (X-Session) carries a token instead.
  const isStampHeader = (header: string): boolean => header.startsWith('X-Stamp');
  const stampsOf = (op: OperationObject): string[] => headersOf(op).filter(isStampHeader);
  const tokensOf = (op: OperationObject): string[] => headersOf(op).filter((header) => !isStampHeader(header));

  const fallbackOrganizationId =
    entries
      .map((e) => firstExampleValue(jsonMedia(e.op.requestBody?.content, e.path)))
      .map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>).organizationId : undefined))
      .find((v): v is string => typeof v === 'string') ?? '00000000-0000-4000-8000-000000000000';
  const productionUrl = doc.servers?.[0]?.url ?? options.apiBaseUrl;

  const bodySection = (schemaName: string, prefix: string, unionKeys?: Set<string>): BodySection => {
    const schema = registry.get(schemaName);
    return {
      schema: schemaName,
      schemaRoute: schemaRoute(schemaName),
      ...(schema.description ? {description: describe(schema.description)} : {}),
      fields: objectFields({$ref: `#/components/schemas/${schemaName}`}, {registry, describe, expandRefs: true, unionKeys}, prefix),
    };
  };

  // Realistic values for schema pages, from the operations' request, response and error examples.
  const harvested = new Map<string, unknown>();
  for (const entry of entries) {
    const media: [MediaTypeObject, string][] = [
      [jsonMedia(entry.op.requestBody?.content, entry.path), entry.requestSchema],
      [jsonMedia(registry.response(entry.op.responses?.['200'] ?? {}).content, entry.path), entry.responseSchema],
    ];
    for (const [m, schemaName] of media) {
      const value = firstExampleValue(m);
      if (value !== undefined) harvestExamples(registry, {$ref: `#/components/schemas/${schemaName}`}, value, harvested);
    }
  }

  const pollRoute = byName.get('get_activity')?.summary.route;
  const operations: OperationPageData[] = orderedOperations.map((summary) => {
    const entry = byOperationId.get(summary.operationId) as OperationEntry;
    const {op} = entry;
    const requestMedia = jsonMedia(op.requestBody?.content, entry.path);
    const responseMedia = jsonMedia(registry.response(op.responses?.['200'] ?? {}).content, entry.path);
    const errorResponse = registry.response(op.responses?.default ?? {});
    const errorMedia = jsonMedia(errorResponse.content, `${entry.path} default response`);
    const requestExample = firstExample(requestMedia, doc, 'Request');
    const responseExample = firstExample(responseMedia, doc, 'Response');
    const responseSchema = registry.get(entry.responseSchema);
    const activityType = op['x-sigil-activity-type'];
    const activityTypeRoute = activityType ? linker(activityType)?.route : undefined;
    const intent = op['x-sigil-intent'];
    const result = op['x-sigil-result'];
    return {
      operationId: summary.operationId,
      name: summary.name,
      summary: summary.summary,
      description: op.description ? describe(op.description) : [],
      kind: summary.kind,
      area: summary.area,
      areaRoute: `${API_BASE_ROUTE}/#area-${areaSlug(summary.area)}`,
      method: 'POST',
      path: entry.path,
      route: summary.route,
      ...(activityType ? {activityType} : {}),
      ...(activityTypeRoute ? {activityTypeRoute} : {}),
      ...(summary.kind === 'submission' && pollRoute ? {pollRoute} : {}),
      ...(intent ? {intentSchema: [intent, schemaRoute(intent)] as [string, string]} : {}),
      ...(result ? {resultSchema: [result, schemaRoute(result)] as [string, string]} : {}),
      stamps: stampsOf(op),
      tokenHeaders: tokensOf(op),
      request: bodySection(entry.requestSchema, '', entry.unionKeys),
      response: bodySection(entry.responseSchema, 'response', entry.unionKeys),
      error: {
        ...bodySection(schemaNameOf(errorMedia, entry.path), 'error'),
        examples: Object.values(errorMedia.examples ?? {})
          .filter((e) => e.value !== undefined)
          .map((e) => ({title: e.summary ?? 'Error', json: JSON.stringify(e.value, null, 2)})),
      },
      requestExample,
      responseExample,
      samples: codeSamples({
        operationId: summary.operationId,
        kind: summary.kind,
        path: entry.path,
        requestExample: JSON.parse(requestExample.json) as unknown,
        responseFields: responseSchema.required ?? [],
        ...(result ? {resultKey: lowerFirst(result)} : {}),
        apiBaseUrl: options.apiBaseUrl,
        fallbackOrganizationId,
        cliDefaultBaseUrl: productionUrl,
      }),
      apiBaseUrl: options.apiBaseUrl,
    };
  });

  const schemas: SchemaPageData[] = byCategory.flatMap(({schemas: list}) =>
    list.map(({name}) => {
      const schema = registry.get(name);
      const summary = schemaSummaries.get(name) as SchemaSummary;
      const page: SchemaPageData = {
        name,
        route: summary.route,
        category: summary.category,
        type: typeExpr(schema, registry),
        usedBy: orderedOperations.filter((o) => usedBy.get(name)?.some((u) => u.operationId === o.operationId)),
        usedByAllAsError: errorSchemas.has(name),
        referencedBy: [...(referencedBy.get(name) ?? [])].sort().map((n) => schemaSummaries.get(n) as SchemaSummary),
      };
      if (schema.description) page.description = describe(schema.description);
      if (schema.deprecated) page.deprecated = true;
      if (schema.properties) {
        page.fields = objectFields({$ref: `#/components/schemas/${name}`}, {registry, describe, expandRefs: false});
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
        page.example = JSON.stringify(sample(schema as Parameters<typeof sample>[0], {skipReadOnly: true, quiet: true}, doc), null, 2);
        page.exampleGenerated = true;
      }
      if (schema['x-sigil-no-endpoint']) page.noEndpointActivityType = schema['x-sigil-activity-type'] ?? name;
      return page;
    }),
  );

  const sidebar: SidebarData = {
    groups: [
      {label: 'API reference', collapsible: false, links: [{label: 'Overview', route: `${API_BASE_ROUTE}/`}]},
      ...areaGroups.flatMap((g) =>
        g.areas.map((a) => ({
          label: a.name,
          collapsible: false,
          links: a.operations.map((o) => ({label: o.summary, route: o.route, detail: o.name})),
        })),
      ),
      {label: 'Schemas', collapsible: false, links: [{label: 'All schemas', route: `${SCHEMAS_ROUTE}/`}]},
      ...byCategory.map((c) => ({
        label: c.category,
        collapsible: true,
        route: `${SCHEMAS_ROUTE}/#${areaSlug(c.category)}`,
        links: c.schemas.map((s) => ({label: s.name, route: s.route})),
      })),
    ],
  };

  const home: HomePageData = {
    title: doc.info.title,
    version: doc.info.version,
    summary: doc.info.summary ?? '',
    apiBaseUrl: options.apiBaseUrl,
    // Root `security` plus every scheme an operation adds (X-Session on queries), each noting where it applies.
    stamps: [
      ...new Set([
        ...(doc.security ?? []).flatMap((requirement) => Object.keys(requirement)),
        ...entries.flatMap((e) => (e.op.security ?? []).flatMap((requirement) => Object.keys(requirement))),
      ]),
    ].flatMap((key) => {
      const s = securitySchemes[key];
      if (!s) return [];
      const inRoot = (doc.security ?? []).some((requirement) => key in requirement);
      const users = entries.filter((e) => (e.op.security ?? doc.security ?? []).some((requirement) => key in requirement));
      const kinds = new Set(users.map((e) => (e.path.includes('/query/') ? 'queries' : 'submissions')));
      const appliesTo = inRoot ? undefined : kinds.size === 1 ? `${[...kinds][0]} only` : 'some operations';
      return [
        {
          header: s.name ?? '',
          scheme: s.type,
          isStamp: isStampHeader(s.name ?? ''),
          ...(appliesTo ? {appliesTo} : {}),
          description: s.description ? describe(s.description) : [],
        },
      ];
    }),
    errorCodes: (doc['x-error-codes'] ?? []).map((e) => ({
      code: e.code,
      name: e.name,
      httpStatus: e.httpStatus,
      retryable: e.retryable,
      ...(e.description ? {description: describe(e.description)} : {}),
    })),
    limits: (doc['x-limits'] ?? []).map((l) => ({
      id: l.id,
      name: l.name,
      value: Array.isArray(l.value) ? l.value.join(', ') : String(l.value),
      ...(l.unit ? {unit: l.unit} : {}),
      appliesTo: (l.appliesTo ?? []).map((n) => byName.get(n)?.summary).filter((s): s is OperationSummary => s !== undefined),
      ...(l.description ? {description: describe(l.description)} : {}),
    })),
    groups: areaGroups,
    operationCount: entries.length,
    schemaCount: schemaNames.length,
    downloads: options.downloads,
  };

  return {
    home,
    sidebar,
    schemaIndex: {categories: byCategory},
    operations,
    schemas,
    validators: orderedOperations.map((o) => ({
      operationId: o.operationId,
      requestSchema: (byOperationId.get(o.operationId) as OperationEntry).requestSchema,
    })),
  };
}

function firstExampleValue(media: MediaTypeObject): unknown {
  return Object.values(media.examples ?? {}).find((e) => e.value !== undefined)?.value ?? media.example;
}

/**
 * Walks an example value along its schema and records, for each named schema it passes, the
 * first value found there: realistic schema-page examples taken from the operations' own examples.
 */
export function harvestExamples(registry: SchemaRegistry, schema: SchemaObject, value: unknown, out: Map<string, unknown>, depth = 0): void {
  if (depth > 32 || value === undefined || value === null) return;
  const {schema: target, name} = registry.deref(schema);
  if (name && !out.has(name)) out.set(name, value);
  if (Array.isArray(value)) {
    if (target.items) for (const item of value) harvestExamples(registry, target.items, item, out, depth + 1);
    return;
  }
  if (typeof value === 'object' && target.properties) {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const property = target.properties[key];
      if (property) harvestExamples(registry, property, child, out, depth + 1);
    }
  }
}

/** Anchor of one value on an enumeration's page. */
export function enumValueAnchor(value: string): string {
  return `value-${value}`;
}

export type {SchemaObject};
