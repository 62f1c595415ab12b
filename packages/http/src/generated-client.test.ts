import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SIGIL_OPERATIONS, SigilClient } from './index.js';

const specPath = fileURLToPath(new URL('../../api-spec/dist/openapi.json', import.meta.url));

interface OperationObject {
  operationId: string;
  'x-sigil-kind'?: string;
  'x-sigil-activity-type'?: string;
  'x-sigil-result'?: string;
  security?: Record<string, unknown>[];
}

describe('the generated SigilClient', () => {
  const doc = JSON.parse(readFileSync(specPath, 'utf8')) as { paths: Record<string, Record<string, OperationObject>> };
  const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method === 'post')
      .map(([, op]) => ({ path, ...op })),
  );

  it('has exactly one method per operation of the OpenAPI document', () => {
    // `stamp` is the one method that is not an operation: it stamps any of them without sending.
    const methods = Object.getOwnPropertyNames(SigilClient.prototype).filter((name) => name !== 'constructor' && name !== 'stamp');
    expect(methods.sort()).toEqual(documented.map((op) => op.operationId).sort());
    expect(new Set(methods).size).toBe(methods.length);
  });

  it('lists every operation with its path, kind, activity type, result key and session rule', () => {
    const expected = documented
      .map((op) => ({
        operationId: op.operationId,
        path: op.path,
        kind: op['x-sigil-kind'],
        ...(op['x-sigil-kind'] === 'submission'
          ? { activityType: op['x-sigil-activity-type'], resultKey: op['x-sigil-result']![0]!.toLowerCase() + op['x-sigil-result']!.slice(1) }
          : { acceptsSession: (op.security ?? []).some((requirement) => 'ReadOnlySession' in requirement) }),
      }))
      .sort((a, b) => a.operationId.localeCompare(b.operationId));
    expect([...SIGIL_OPERATIONS].sort((a, b) => a.operationId.localeCompare(b.operationId))).toEqual(expected);
    for (const op of SIGIL_OPERATIONS) {
      expect(op.path.startsWith(op.kind === 'query' ? '/public/v1/query/' : '/public/v1/submit/')).toBe(true);
    }
  });
});

describe('browser safety', () => {
  it('the main entry bundles for the browser without Node built-ins', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]!.text).not.toMatch(/from\s+["']node:/);
  });
});
