import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {getFileCommitDate} from '@docusaurus/utils';
import type {PageSource} from './types';

/**
 * Which YAML file of the API document holds each operation and schema: the root `openapi.yaml`
 * mounts every path (and many schemas) with a `$ref` into `paths/` or `components/`; the other
 * schemas are top-level keys of a `components/` file that the mounted ones refer to.
 */
export function sourceFiles(
  rootYaml: string,
  componentFiles: {file: string; text: string}[],
): {paths: Map<string, string>; schemas: Map<string, string>} {
  const paths = new Map<string, string>();
  const schemas = new Map<string, string>();
  for (const match of rootYaml.matchAll(/^ {2}(\/\S+):\s*\n\s+\$ref:\s*([^#\s]+)#/gm)) paths.set(match[1]!, match[2]!);
  for (const match of rootYaml.matchAll(/^ {4}([A-Za-z0-9_]+):\s*\n\s+\$ref:\s*(components\/[^#\s]+)#/gm)) schemas.set(match[1]!, match[2]!);
  for (const {file, text} of componentFiles) {
    for (const match of text.matchAll(/^([A-Za-z0-9_]+):/gm)) if (!schemas.has(match[1]!)) schemas.set(match[1]!, file);
  }
  return {paths, schemas};
}

/** The YAML files under the document's `components/` folder, as `sourceFiles` takes them. */
export async function readComponentFiles(specDir: string): Promise<{file: string; text: string}[]> {
  const dir = path.join(specDir, 'components');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.yaml')).sort();
  return Promise.all(names.map(async (name) => ({file: `components/${name}`, text: await readFile(path.join(dir, name), 'utf8')})));
}

/** Edit link and last commit date of a file of the API document; the date is left out outside a git checkout. */
export function createSourceLookup(specDir: string, editUrlBase: string): (file: string) => Promise<PageSource> {
  const dates = new Map<string, Promise<number | undefined>>();
  const commitDate = (file: string): Promise<number | undefined> => {
    let date = dates.get(file);
    if (!date) {
      date = getFileCommitDate(path.join(specDir, file), {age: 'newest'}).then(
        (d) => d.timestamp,
        () => undefined,
      );
      dates.set(file, date);
    }
    return date;
  };
  return async (file) => {
    const lastUpdatedAt = await commitDate(file);
    return {editUrl: `${editUrlBase.replace(/\/+$/, '')}/${file}`, ...(lastUpdatedAt !== undefined ? {lastUpdatedAt} : {})};
  };
}
