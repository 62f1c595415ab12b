import {describe, expect, it} from 'vitest';
import {areaSlug, fieldAnchor, kebabFromCamel, operationRoute, operationSlug, schemaRoute} from './slugs';
import {documentOperations, loadSpec} from './test-helpers';

describe('slugs', () => {
  it('turns tags into area slugs', () => {
    expect(areaSlug('Wallets')).toBe('wallets');
    expect(areaSlug('API keys')).toBe('api-keys');
    expect(areaSlug('Sub-organizations')).toBe('sub-organizations');
    expect(areaSlug('Import and export')).toBe('import-and-export');
    expect(areaSlug('OAuth providers')).toBe('oauth-providers');
    expect(() => areaSlug('—')).toThrow(/no letters/);
  });

  it('turns schema names into kebab case, keeping version suffixes', () => {
    expect(kebabFromCamel('CreateSubOrganizationIntentV7')).toBe('create-sub-organization-intent-v7');
    expect(kebabFromCamel('ApiKeyParamsV2')).toBe('api-key-params-v2');
    expect(kebabFromCamel('WalletAccountParams')).toBe('wallet-account-params');
    expect(kebabFromCamel('Status')).toBe('status');
    expect(kebabFromCamel('getApiKeys')).toBe('get-api-keys');
    expect(kebabFromCamel('HTTPStatusV2Detail')).toBe('http-status-v2-detail');
  });

  it('builds the documented routes', () => {
    expect(operationSlug('/public/v1/submit/create_wallet')).toBe('create-wallet');
    expect(operationRoute('Wallets', '/public/v1/submit/create_wallet')).toBe('/api/wallets/create-wallet');
    expect(operationRoute('Organizations', '/public/v1/query/whoami')).toBe('/api/organizations/whoami');
    expect(schemaRoute('MnemonicLength')).toBe('/api/schemas/mnemonic-length');
    expect(fieldAnchor('parameters.mnemonicLength')).toBe('field-parameters.mnemonicLength');
  });

  it('is stable: the same input always gives the same slug', () => {
    for (const name of ['CreateWalletRequest', 'ActivityType', 'RootUserParamsV4']) {
      expect(kebabFromCamel(name)).toBe(kebabFromCamel(name));
      // Slugs are already in normal form: slugging a slug changes nothing.
      expect(kebabFromCamel(kebabFromCamel(name))).toBe(kebabFromCamel(name));
    }
  });

  it('gives every operation and schema of the document a unique route', () => {
    const doc = loadSpec();
    const opRoutes = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.values(item).map((op) => operationRoute(op.tags?.[0] ?? '', p)),
    );
    expect(opRoutes).toHaveLength(documentOperations(doc).length);
    expect(new Set(opRoutes).size).toBe(opRoutes.length);
    const schemaRoutes = Object.keys(doc.components?.schemas ?? {}).map(schemaRoute);
    expect(new Set(schemaRoutes).size).toBe(schemaRoutes.length);
    for (const route of [...opRoutes, ...schemaRoutes]) expect(route).toMatch(/^\/api\/[a-z0-9-]+\/[a-z0-9-]+$/);
    // Areas never shadow the schema index.
    expect(opRoutes.some((r) => r.startsWith('/api/schemas/'))).toBe(false);
  });
});
