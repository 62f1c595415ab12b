import {catalogOperations, type CatalogOperation} from '@sigil/api-spec/catalog';
import type {OpenApiDocument, OperationObject, SchemaRegistry} from '../openapi';
import {areaSlug, operationRoute} from '../slugs';
import type {AreaGroup, OperationKind, OperationSummary, RichText} from '../types';
import {jsonMedia, schemaNameOf} from './context';

/** One operation of the document with what the other steps need to know about it. */
export interface OperationEntry {
  path: string;
  op: OperationObject;
  /** The operation as @sigil/api-spec's catalog reads it: kind, activity type, intent and result schemas and keys. */
  catalog: CatalogOperation;
  summary: OperationSummary;
  requestSchema: string;
  responseSchema: string;
  /** Keys of the single-key unions (intent, result) that belong to this operation. */
  unionKeys: Set<string>;
}

/**
 * Every operation of @sigil/api-spec's catalog, in document order (the catalog checks kinds, paths and
 * submissions' extensions); throws on what the reference cannot show besides (no single tag, no 200).
 */
export function collectOperations(doc: OpenApiDocument, registry: SchemaRegistry): OperationEntry[] {
  return catalogOperations(doc).map((catalog) => {
    const {path} = catalog;
    const op = doc.paths[path]!.post!;
    const where = `POST ${path}`;
    const tag = catalog.tag;
    if (!tag || op.tags?.length !== 1) throw new Error(`${where} must have exactly one tag (its area)`);
    const request = jsonMedia(op.requestBody?.content, `${where} request body`);
    const ok = op.responses?.['200'];
    if (!ok) throw new Error(`${where} has no 200 response`);
    const unionKeys = new Set([catalog.intentKey, catalog.resultKey].filter((key): key is string => key !== null));
    return {
      path,
      op,
      catalog,
      requestSchema: schemaNameOf(request, `${where} request body`),
      responseSchema: schemaNameOf(jsonMedia(registry.response(ok).content, `${where} 200 response`), `${where} 200 response`),
      unionKeys,
      summary: {
        operationId: catalog.operationId,
        name: catalog.name,
        summary: op.summary ?? catalog.operationId,
        kind: catalog.kind,
        area: tag,
        path,
        route: operationRoute(tag, path),
      },
    };
  });
}

/** Areas, ordered by x-tagGroups, then any tag outside the groups; queries before submissions in each. */
export function groupAreas(doc: OpenApiDocument, entries: OperationEntry[], describe: (markdown: string) => RichText): AreaGroup[] {
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
  for (const slug of new Set(areaGroups.flatMap((g) => g.areas.map((a) => a.slug)))) {
    if (slug === 'schemas') throw new Error('An area may not be called "schemas": /api/schemas is the schema index');
  }
  return areaGroups;
}
