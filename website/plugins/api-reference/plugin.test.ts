import {mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin, PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import {afterAll, describe, expect, it} from 'vitest';
import apiReferencePlugin from './index';
import {pageOf, SCHEMA_PAGES_PER_FILE} from './schema-pages';
import type {SchemaPageGroup} from './types';
import {documentOperations, loadModel, loadSpec, SPEC_PATH} from './test-helpers';

const generatedFilesDir = mkdtempSync(path.join(tmpdir(), 'api-reference-'));
afterAll(() => rmSync(generatedFilesDir, {recursive: true, force: true}));

/** Runs the plugin as Docusaurus would and returns the routes it adds. */
const dataFiles = new Map<string, string>();

async function runPlugin(): Promise<RouteConfig[]> {
  const context = {siteDir: path.resolve(__dirname, '../..'), generatedFilesDir} as LoadContext;
  const plugin = apiReferencePlugin(context, {specPath: SPEC_PATH, apiBaseUrl: 'https://api.sigil.example'}) as Plugin;
  const content = await plugin.loadContent?.();
  const routes: RouteConfig[] = [];
  const actions = {
    addRoute: (route: RouteConfig) => routes.push(route),
    createData: async (name: string, text: string) => {
      const file = path.join(generatedFilesDir, name);
      dataFiles.set(file, text);
      return file;
    },
    setGlobalData: () => undefined,
  } as unknown as PluginContentLoadedActions;
  await plugin.contentLoaded?.({content, actions, allContent: {}} as Parameters<NonNullable<Plugin['contentLoaded']>>[0]);
  return routes;
}

describe('api-reference plugin', {timeout: 90_000}, () => {
  it('rejects missing options', () => {
    expect(() => apiReferencePlugin({siteDir: '.', generatedFilesDir} as LoadContext, {specPath: 'x'})).toThrow(/apiBaseUrl/);
  });

  it('gives every operation and every schema of the document a page', async () => {
    const doc = loadSpec();
    const operations = documentOperations(doc);
    const schemaNames = Object.keys(doc.components?.schemas ?? {});
    const routes = await runPlugin();
    const paths = routes.map((r) => r.path);

    // Overview + schema index + one per operation + one per schema.
    expect(routes).toHaveLength(2 + operations.length + schemaNames.length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/api');
    expect(paths).toContain('/api/schemas');
    expect(paths).toContain('/api/wallets/create-wallet');
    expect(paths).toContain('/api/schemas/wallet');

    const model = loadModel();
    expect(model.operations.map((o) => o.operationId).sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect(model.schemas.map((s) => s.name).sort()).toEqual([...schemaNames].sort());
    expect(model.home.operationCount).toBe(operations.length);
    // The sidebar lists each operation and schema exactly once.
    const sidebarRoutes = model.sidebar.groups.flatMap((g) => g.links.map((l) => l.route));
    for (const page of [...model.operations, ...model.schemas]) {
      expect(sidebarRoutes.filter((r) => r === page.route)).toHaveLength(1);
    }
  });

  it('gives schema pages shared data files, each holding its own page', async () => {
    const routes = (await runPlugin()).filter((r) => r.path.startsWith('/api/schemas/'));
    const files = new Set<string>();
    for (const route of routes) {
      const file = (route.modules as {data: string}).data;
      files.add(file);
      const group = JSON.parse(dataFiles.get(file)!) as SchemaPageGroup;
      expect(group.pages.length).toBeLessThanOrEqual(SCHEMA_PAGES_PER_FILE);
      expect(pageOf(group, route.path).route).toBe(route.path);
      expect(pageOf(group, `${route.path}/`).route).toBe(route.path);
    }
    expect(files.size).toBe(Math.ceil(routes.length / SCHEMA_PAGES_PER_FILE));
  });

  it('writes one request validator per operation and an index for the builder', async () => {
    await runPlugin();
    const files = readdirSync(path.join(generatedFilesDir, 'sigil-api-validators'));
    expect(files).toContain('index.js');
    expect(files.filter((f) => f !== 'index.js')).toHaveLength(documentOperations(loadSpec()).length);
  });
});
