import { join } from 'node:path';
import { lint, lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './spec-fixture.test-util.js';

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
