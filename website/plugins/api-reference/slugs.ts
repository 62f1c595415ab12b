/**
 * URL scheme of the API reference. Routes are part of the public contract
 * (prose pages link to them), so these functions must stay stable.
 *
 *   /api/                               overview and operation index
 *   /api/<area-slug>/<operation-kebab>   one operation (`/api/wallets/create-wallet`)
 *   /api/schemas/                        schema index
 *   /api/schemas/<schema-kebab>          one schema (`/api/schemas/wallet-account-params`)
 */
export const API_BASE_ROUTE = '/api';

/** Lower-case words joined by hyphens: `Import and export` -> `import-and-export`, `API keys` -> `api-keys`. */
export function areaSlug(tag: string): string {
  const slug = tag
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug === '') throw new Error(`Tag "${tag}" has no letters or digits to build a URL from`);
  return slug;
}

/**
 * PascalCase or camelCase to kebab case, keeping version suffixes attached:
 * `CreateSubOrganizationIntentV7` -> `create-sub-organization-intent-v7`, `getApiKeys` -> `get-api-keys`.
 */
export function kebabFromCamel(name: string): string {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/([0-9])([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** The API's own name of an operation: the last path segment (`/public/v1/submit/create_wallet` -> `create_wallet`). */
export function operationName(path: string): string {
  const name = path.split('/').filter(Boolean).pop();
  if (!name) throw new Error(`Path "${path}" has no last segment to name the operation by`);
  return name;
}

/** `create_wallet` -> `create-wallet`. */
export function operationSlug(path: string): string {
  return operationName(path).replace(/_/g, '-').toLowerCase();
}

export function operationRoute(tag: string, path: string): string {
  return `${API_BASE_ROUTE}/${areaSlug(tag)}/${operationSlug(path)}`;
}

export const SCHEMAS_ROUTE = `${API_BASE_ROUTE}/schemas`;

export function schemaRoute(schemaName: string): string {
  return `${SCHEMAS_ROUTE}/${kebabFromCamel(schemaName)}`;
}

/**
 * Anchor id of a field: `field-<dotted.path>`. Array items add no segment, so the curve of each
 * account of create_wallet is `field-parameters.accounts.curve`. Response fields start with
 * `response.` and error fields with `error.` so they never collide with request fields.
 */
export function fieldAnchor(dottedPath: string): string {
  return `field-${dottedPath}`;
}
