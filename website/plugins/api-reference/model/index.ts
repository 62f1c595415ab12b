/**
 * The page model of the API reference, computed from the OpenAPI document in small steps:
 * operations (operations.ts), descriptions and their links (context.ts), examples (examples.ts),
 * errors (errors.ts), code samples (samples.ts), then the pages that lay them out
 * (operation-pages.ts, schemas.ts, home.ts, sidebar.ts).
 */
import {SchemaRegistry, type OpenApiDocument, type SchemaObject} from '../openapi';
import type {FromMarkdown} from '../richtext';
import type {HomePageData, OperationPageData, SchemaIndexData, SchemaPageData, SidebarData} from '../types';
import {createDescriber} from './context';
import {errorSchemas} from './errors';
import {harvestOperationExamples} from './examples';
import {buildHome} from './home';
import {operationPages} from './operation-pages';
import {collectOperations, groupAreas} from './operations';
import {sampleSettings} from './samples';
import {categorizeSchemas, schemaPages} from './schemas';
import {buildSidebar} from './sidebar';

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

/** Reads the OpenAPI document and computes every page of the reference. */
export function buildModel(doc: OpenApiDocument, options: ModelOptions): ApiReferenceModel {
  const registry = new SchemaRegistry(doc);
  const entries = collectOperations(doc, registry);
  const {describe, linker} = createDescriber(registry, entries, options.parseMarkdown);
  const areaGroups = groupAreas(doc, entries, describe);
  const orderedOperations = areaGroups.flatMap((g) => g.areas.flatMap((a) => a.operations));
  const errors = errorSchemas(registry, entries);
  const {summaries, byCategory} = categorizeSchemas(registry, entries, describe);
  const byOperationId = new Map(entries.map((e) => [e.summary.operationId, e]));

  return {
    home: buildHome({
      doc,
      entries,
      areaGroups,
      schemaCount: registry.names.length,
      apiBaseUrl: options.apiBaseUrl,
      downloads: options.downloads,
      describe,
    }),
    sidebar: buildSidebar(areaGroups, byCategory),
    schemaIndex: {categories: byCategory},
    operations: operationPages({
      doc,
      registry,
      entries,
      orderedOperations,
      describe,
      linker,
      samples: sampleSettings(doc, entries, options.apiBaseUrl),
      apiBaseUrl: options.apiBaseUrl,
    }),
    schemas: schemaPages({
      doc,
      registry,
      entries,
      orderedOperations,
      summaries,
      byCategory,
      errorSchemas: errors,
      harvested: harvestOperationExamples(registry, entries),
      describe,
    }),
    validators: orderedOperations.map((o) => ({
      operationId: o.operationId,
      requestSchema: byOperationId.get(o.operationId)?.requestSchema ?? '',
    })),
  };
}

export {enumValueAnchor} from './context';
export {harvestExamples} from './examples';
export type {SchemaObject};
