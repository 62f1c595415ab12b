// The reference lists @sigil/api-spec's operation catalog, and no module of the plugin derives the list of
// operations or their kinds from the document a second way.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import catalog from '@sigil/api-spec/catalog.json' with {type: 'json'};
import {describe, expect, it} from 'vitest';
import {loadModel} from './test-helpers';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'sdk-samples' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-helpers\.ts$/.test(entry.name) ? [file] : [];
  });
}

describe('the reference reads the operation catalog', () => {
  // Built while collecting, as the other model tests do, so the test's own timeout covers only the comparison.
  const pages = loadModel().operations;

  it('has one page per catalog operation, with its kind, path and activity type', () => {
    expect(pages.map((page) => page.name).sort()).toEqual(catalog.operations.map((op) => op.name).sort());
    for (const op of catalog.operations) {
      const page = pages.find((candidate) => candidate.name === op.name)!;
      expect([page.operationId, page.kind, page.path, page.activityType ?? null], op.name).toEqual([op.operationId, op.kind, op.path, op.activityType]);
    }
  });

  it('no module reads x-sigil-kind or walks the document’s paths itself', () => {
    const readers = sourceFiles(__dirname)
      .filter((file) => /['"]x-sigil-kind['"]\]|Object\.(entries|keys|values)\(doc\.paths\)/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(__dirname, file));
    expect(readers).toEqual([]);
  });
});
