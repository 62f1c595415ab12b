import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './spec-fixture.test-util.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('generated types', () => {
  it('compile under strict settings together with src/types.test-d.ts', () => {
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-p', 'tsconfig.test.json'], { cwd: packageRoot, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });
});
