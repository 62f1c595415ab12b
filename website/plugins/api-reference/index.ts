import {readFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {buildModel, type ApiReferenceModel} from './model';
import {highlightPages} from './highlight';
import type {OpenApiDocument} from './openapi';
import {parseMarkdown} from './richtext';
import {groupSchemaPages} from './schema-pages';
import {createSourceLookup, readComponentFiles, sourceFiles} from './sources';
import {API_BASE_ROUTE, SCHEMAS_ROUTE} from './slugs';
import {SchemaRegistry} from './openapi';
import {timestampLimits, validatorModuleSource, writeValidators, type TimestampLimits} from './validators';

export interface ApiReferenceOptions {
  /** The bundled OpenAPI document (JSON), relative to the site directory or absolute. */
  specPath: string;
  /** The API base URL shown in samples and used as the request builder's documentation default. */
  apiBaseUrl: string;
  /**
   * Where the API document's YAML files are edited (a repository URL ending in the folder of its root
   * `openapi.yaml`): pages then get an edit link and the last-updated date of their file.
   */
  editUrl?: string;
}

/** Folder (inside the build's generated files) of the request validators; the builder imports it as `@generated/<name>`. */
export const VALIDATORS_DIR_NAME = 'sigil-api-validators';

const component = (name: string): string => path.join(__dirname, 'components', name, 'index.tsx');

/**
 * The API reference: reads the OpenAPI document at build time and renders every page as
 * static HTML (overview, one page per operation, one per schema). See README.md.
 */
interface ApiReferenceContent extends ApiReferenceModel {
  /** Source of each operation's request validator module. */
  validatorSources: {operationId: string; source: string}[];
  timestampLimits: TimestampLimits;
}

function checkOptions(options: unknown): ApiReferenceOptions {
  const o = (options ?? {}) as Partial<Record<keyof ApiReferenceOptions, unknown>>;
  if (typeof o.specPath !== 'string' || typeof o.apiBaseUrl !== 'string' || !/^https?:\/\//.test(o.apiBaseUrl)) {
    throw new Error('sigil-api-reference needs the options specPath (path) and apiBaseUrl (http(s) URL)');
  }
  if (o.editUrl !== undefined && (typeof o.editUrl !== 'string' || !/^https?:\/\//.test(o.editUrl))) {
    throw new Error('sigil-api-reference: editUrl must be an http(s) URL');
  }
  return {specPath: o.specPath, apiBaseUrl: o.apiBaseUrl, ...(o.editUrl ? {editUrl: o.editUrl} : {})};
}

/** Gives each page the edit link and last-updated date of the YAML file that defines it. */
async function addSources(model: ApiReferenceModel, specDir: string, editUrl: string): Promise<void> {
  const rootFile = 'openapi.yaml';
  let rootYaml: string;
  try {
    rootYaml = await readFile(path.join(specDir, rootFile), 'utf8');
  } catch {
    return; // A document given without its sources (a bundled file alone) has nothing to edit.
  }
  const files = sourceFiles(rootYaml, await readComponentFiles(specDir));
  const lookup = createSourceLookup(specDir, editUrl);
  model.home.source = await lookup(rootFile);
  for (const page of model.operations) page.source = await lookup(files.paths.get(page.path) ?? rootFile);
  for (const page of model.schemas) page.source = await lookup(files.schemas.get(page.name) ?? rootFile);
}

/** Options are checked at run time: Docusaurus passes them through untyped. */
export default function apiReferencePlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = checkOptions(rawOptions);
  const specPath = path.resolve(context.siteDir, options.specPath);

  return {
    name: 'sigil-api-reference',

    getPathsToWatch() {
      return [specPath];
    },

    async loadContent(): Promise<ApiReferenceContent> {
      let text: string;
      try {
        text = await readFile(specPath, 'utf8');
      } catch (error) {
        throw new Error(
          `sigil-api-reference: cannot read the OpenAPI document at ${specPath} (${(error as Error).message}). ` +
            'Build it first: npm run build -w @sigil/api-spec',
        );
      }
      const doc = JSON.parse(text) as OpenApiDocument;
      const model = buildModel(doc, {
        apiBaseUrl: options.apiBaseUrl,
        parseMarkdown,
        downloads: [
          {label: 'OpenAPI document (YAML)', href: `${API_BASE_ROUTE}/openapi.yaml`},
          {label: 'OpenAPI document (JSON)', href: `${API_BASE_ROUTE}/openapi.json`},
        ],
      });
      highlightPages(model.operations, model.schemas);
      if (options.editUrl) await addSources(model, path.resolve(path.dirname(specPath), '..'), options.editUrl);
      const registry = new SchemaRegistry(doc);
      const validatorSources = model.validators.map(({operationId, requestSchema}) => ({
        operationId,
        source: validatorModuleSource(registry, requestSchema),
      }));
      return {...model, validatorSources, timestampLimits: timestampLimits(doc['x-limits'])};
    },

    async contentLoaded({content: loaded, actions}) {
      // Docusaurus types plugin content as unknown in the site config; it is what loadContent returned.
      const content = loaded as ApiReferenceContent;
      const {createData, addRoute} = actions;
      const sidebar = await createData('sidebar.json', JSON.stringify(content.sidebar));

      addRoute({
        path: API_BASE_ROUTE,
        exact: true,
        component: component('ApiHome'),
        modules: {data: await createData('home.json', JSON.stringify(content.home)), sidebar},
      });
      addRoute({
        path: SCHEMAS_ROUTE,
        exact: true,
        component: component('SchemaIndex'),
        modules: {data: await createData('schemas.json', JSON.stringify(content.schemaIndex)), sidebar},
      });
      for (const page of content.operations) {
        addRoute({
          path: page.route,
          exact: true,
          component: component('OperationPage'),
          modules: {data: await createData(`operation-${page.operationId}.json`, JSON.stringify(page)), sidebar},
        });
      }
      // Schema pages share data files (schema-pages.ts).
      const groups = groupSchemaPages(content.schemas);
      for (const [i, group] of groups.entries()) {
        const data = await createData(`schema-pages-${i}.json`, JSON.stringify(group));
        for (const page of group.pages) {
          addRoute({path: page.route, exact: true, component: component('SchemaPage'), modules: {data, sidebar}});
        }
      }

      // Compiled now, loaded in the browser only when a reader opens the request builder.
      await writeValidators(path.join(context.generatedFilesDir, VALIDATORS_DIR_NAME), content.validatorSources, content.timestampLimits);
    },
  };
}
