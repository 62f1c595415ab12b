import {lowerFirst, type OpenApiDocument, type OperationObject, type SchemaRegistry} from '../openapi';
import {areaSlug, operationName, operationRoute} from '../slugs';
import type {AreaGroup, OperationKind, OperationSummary, RichText} from '../types';
import {jsonMedia, schemaNameOf} from './context';

/** One operation of the document with what the other steps need to know about it. */
export interface OperationEntry {
  path: string;
  op: OperationObject;
  summary: OperationSummary;
  requestSchema: string;
  responseSchema: string;
  /** Keys of the single-key unions (intent, result) that belong to this operation. */
  unionKeys: Set<string>;
}

/** Every operation, in document order; throws on what the reference cannot show (not a POST, no tag, no 200). */
export function collectOperations(doc: OpenApiDocument, registry: SchemaRegistry): OperationEntry[] {
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
  return entries;
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
