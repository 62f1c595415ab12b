import {readFileSync} from 'node:fs';
import path from 'node:path';
import {buildModel, type ApiReferenceModel} from './model';
import type {OpenApiDocument} from './openapi';
import {parseMarkdown} from './richtext';

/** The real document, as the site build reads it (build @sigil/api-spec first). */
export const SPEC_PATH = path.resolve(__dirname, '../../../packages/api-spec/dist/openapi.json');

export function loadSpec(): OpenApiDocument {
  return JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as OpenApiDocument;
}

let cached: ApiReferenceModel | undefined;

export function loadModel(): ApiReferenceModel {
  cached ??= buildModel(loadSpec(), {apiBaseUrl: 'https://api.sigil.example', downloads: [], parseMarkdown});
  return cached;
}

/** The operations of a document as [path, method, operation] triples. */
export function documentOperations(doc: OpenApiDocument): {path: string; operationId: string}[] {
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.values(item).map((op) => ({path: p, operationId: op.operationId ?? ''})),
  );
}
