import {objectFields} from '../fields';
import type {OpenApiDocument, SchemaRegistry} from '../openapi';
import type {CodeLinker} from '../richtext';
import {API_BASE_ROUTE, areaSlug, schemaRoute} from '../slugs';
import type {BodySection, OperationPageData, OperationSummary, RichText} from '../types';
import {authHeaders} from './auth';
import {jsonMedia, refTo} from './context';
import {operationError, operationErrors} from './errors';
import {firstExample} from './examples';
import {responseExamples} from './outcomes';
import type {OperationEntry} from './operations';
import {operationSamples, type SampleSettings} from './samples';
import {markSearchRepeats} from './search-repeats';

export interface OperationPageInputs {
  doc: OpenApiDocument;
  registry: SchemaRegistry;
  entries: OperationEntry[];
  /** Operations in sidebar order. */
  orderedOperations: OperationSummary[];
  describe: (markdown: string) => RichText;
  linker: CodeLinker;
  samples: SampleSettings;
  apiBaseUrl: string;
}

/** One page per operation, in sidebar order. */
export function operationPages(inputs: OperationPageInputs): OperationPageData[] {
  const {doc, registry, describe, linker} = inputs;
  const byOperationId = new Map(inputs.entries.map((e) => [e.summary.operationId, e]));
  const {stampsOf, tokensOf} = authHeaders(doc);
  const pollRoute = inputs.entries.find((e) => e.summary.name === 'get_activity')?.summary.route;
  const bodySection = (schemaName: string, prefix: string, unionKeys?: Set<string>): BodySection => {
    const schema = registry.get(schemaName);
    return {
      schema: schemaName,
      schemaRoute: schemaRoute(schemaName),
      ...(schema.description ? {description: describe(schema.description)} : {}),
      fields: objectFields(refTo(schemaName), {registry, describe, expandRefs: true, unionKeys}, prefix),
    };
  };

  const pages = inputs.orderedOperations.map((summary): OperationPageData => {
    const entry = byOperationId.get(summary.operationId) as OperationEntry;
    const {op} = entry;
    const requestMedia = jsonMedia(op.requestBody?.content, entry.path);
    const responseMedia = jsonMedia(registry.response(op.responses?.['200'] ?? {}).content, entry.path);
    const error = operationError(registry, entry);
    const requestExample = firstExample(requestMedia, doc, 'Request');
    const {activityType, intentSchema: intent, resultSchema: result} = entry.catalog;
    const activityTypeRoute = activityType ? linker(activityType)?.route : undefined;
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
      error: bodySection(error.schema, 'error'),
      errors: operationErrors(doc, entry, describe),
      requestExample,
      responseExamples: responseExamples(responseMedia, doc, summary.kind),
      samples: operationSamples(registry, entry, JSON.parse(requestExample.json) as unknown, inputs.samples),
      apiBaseUrl: inputs.apiBaseUrl,
    };
  });
  markSearchRepeats(pages);
  return pages;
}
