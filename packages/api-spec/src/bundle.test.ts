import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bundledJsonPath, bundledYamlPath, loadDoc } from './spec-fixture.test-util.js';

describe('bundled output', () => {
  it('has the same document in dist/openapi.yaml and dist/openapi.json', () => {
    expect(parse(readFileSync(bundledYamlPath, 'utf8'))).toEqual(loadDoc());
  });

  it('contains no external references (everything is inlined into components)', () => {
    const text = readFileSync(bundledJsonPath, 'utf8');
    const refs = [...text.matchAll(/"\$ref":\s*"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => !r.startsWith('#/'))).toEqual([]);
  });

  it('was copied to the website for /api/openapi.json and /api/openapi.yaml', () => {
    const site = fileURLToPath(new URL('../../../website/static/api/', import.meta.url));
    for (const file of ['openapi.json', 'openapi.yaml']) {
      expect(existsSync(site + file), file).toBe(true);
    }
    expect(readFileSync(site + 'openapi.json', 'utf8')).toBe(readFileSync(bundledJsonPath, 'utf8'));
  });
});
