import { join } from 'node:path';
import { lint, lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { bundledJsonPath, packageRoot } from './spec-fixture.test-util.js';

const configPath = join(packageRoot, 'redocly.yaml');

describe('redocly lint (recommended ruleset, see redocly.yaml)', () => {
  it('reports no errors for the source document', async () => {
    const config = await loadConfig({ configPath });
    const problems = await lint({ ref: join(packageRoot, 'openapi.yaml'), config });
    const errors = problems.filter((p) => p.severity === 'error');
    const warnings = problems.filter((p) => p.severity === 'warn');
    console.log(`redocly lint: ${errors.length} errors, ${warnings.length} warnings`);
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer ?? '?'}`)).toEqual([]);
    expect(warnings.map((w) => `${w.ruleId}: ${w.message} at ${w.location[0]?.pointer ?? '?'}`)).toEqual([]);
  });

  it('would catch a broken document (the check above can fail)', async () => {
    const config = await loadConfig({ configPath });
    const broken = [
      'openapi: 3.1.0',
      'info: { title: Broken, version: 1.0.0 }',
      'paths:',
      '  /x:',
      '    post:',
      '      responses: {}',
    ].join('\n');
    const problems = await lintFromString({ source: broken, absoluteRef: join(packageRoot, 'broken.yaml'), config });
    expect(problems.filter((p) => p.severity === 'error').length).toBeGreaterThan(0);
  });
});

// The source lint sees every component file as used because openapi.yaml lists it; only the bundle shows
// which components nothing reaches. The recommended ruleset's no-unused-components runs here on what ships.
describe('redocly lint of the published bundle (dist/openapi.json)', () => {
  const describeProblems = (problems: Awaited<ReturnType<typeof lint>>) =>
    problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? '?'}`);

  it('reports no error and no warning, no-unused-components included', async () => {
    const config = await loadConfig({ configPath });
    const problems = await lint({ ref: bundledJsonPath, config });
    expect(describeProblems(problems)).toEqual([]);
  });

  it('would catch an unused component in the bundle (the check above can fail)', async () => {
    const config = await loadConfig({ configPath });
    const doc = JSON.parse(readFileSync(bundledJsonPath, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    doc.components.schemas['NobodyRefersToMe'] = { type: 'object', description: 'Unused.' };
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: join(packageRoot, 'dist', 'unused.json'), config });
    expect(describeProblems(problems)).toEqual([expect.stringContaining('no-unused-components')]);
  });
});
