import {type OpenApiDocument, type SchemaRegistry} from '../openapi';
import {codeSamples} from '../samples';
import type {CodeSamples} from '../types';
import {jsonMedia} from './context';
import {firstExampleValue} from './examples';
import type {OperationEntry} from './operations';

export interface SampleSettings {
  apiBaseUrl: string;
  /** Organization ID for samples whose example has none: the first one any request example names. */
  fallbackOrganizationId: string;
  /** Base URL the CLI uses when given none (the document's first server). */
  cliDefaultBaseUrl: string;
}

/** What every operation's samples share, read once from the document. */
export function sampleSettings(doc: OpenApiDocument, entries: OperationEntry[], apiBaseUrl: string): SampleSettings {
  const fallbackOrganizationId =
    entries
      .map((e) => firstExampleValue(jsonMedia(e.op.requestBody?.content, e.path)))
      .map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>).organizationId : undefined))
      .find((v): v is string => typeof v === 'string') ?? '00000000-0000-4000-8000-000000000000';
  return {apiBaseUrl, fallbackOrganizationId, cliDefaultBaseUrl: doc.servers?.[0]?.url ?? apiBaseUrl};
}

/** The code samples of one operation, built from its request example. */
export function operationSamples(registry: SchemaRegistry, entry: OperationEntry, requestExample: unknown, settings: SampleSettings): CodeSamples {
  const {resultKey} = entry.catalog;
  return codeSamples({
    operationId: entry.summary.operationId,
    kind: entry.summary.kind,
    path: entry.path,
    requestExample,
    responseFields: registry.get(entry.responseSchema).required ?? [],
    ...(resultKey ? {resultKey} : {}),
    apiBaseUrl: settings.apiBaseUrl,
    fallbackOrganizationId: settings.fallbackOrganizationId,
    cliDefaultBaseUrl: settings.cliDefaultBaseUrl,
    registry,
    requestSchema: entry.requestSchema,
  });
}
