import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {createSourceLookup, readComponentFiles, sourceFiles} from './sources';
import {loadModel, SPEC_PATH} from './test-helpers';

const specDir = path.resolve(path.dirname(SPEC_PATH), '..');

describe('page sources', () => {
  it('finds the YAML file of every operation and every schema', async () => {
    const files = sourceFiles(readFileSync(path.join(specDir, 'openapi.yaml'), 'utf8'), await readComponentFiles(specDir));
    const model = loadModel();
    expect(files.paths.get('/public/v1/submit/create_wallet')).toBe('paths/wallets.yaml');
    expect(files.schemas.get('MnemonicLength')).toBe('components/shared.yaml');
    expect(files.schemas.get('WebhookSigningKey')).toBe('components/organizations.yaml');
    expect(model.operations.filter((o) => !files.paths.has(o.path)).map((o) => o.path)).toEqual([]);
    expect(model.schemas.filter((s) => !files.schemas.has(s.name)).map((s) => s.name)).toEqual([]);
  });

  it('gives the edit link, and the last commit date inside a git checkout', async () => {
    const lookup = createSourceLookup(specDir, 'https://example.com/repo/edit/main/packages/api-spec/');
    const source = await lookup('paths/wallets.yaml');
    expect(source.editUrl).toBe('https://example.com/repo/edit/main/packages/api-spec/paths/wallets.yaml');
    if (source.lastUpdatedAt !== undefined) expect(source.lastUpdatedAt).toBeGreaterThan(Date.UTC(2024, 0, 1));
    expect((await lookup('no/such/file.yaml')).lastUpdatedAt).toBeUndefined();
  });
});
