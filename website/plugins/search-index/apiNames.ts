import {readFileSync} from 'node:fs';

/**
 * What the API document says about each operation that readers search by:
 * its API name (`create_wallet`), SDK method (`createWallet`), title
 * ("Create a wallet"), activity type, HTTP path and `x-search-aliases`
 * ("new wallet"). Read once per index build from the bundled document.
 */
export interface OperationNames {
  name: string;
  camel: string;
  title: string;
  activityType?: string;
  path: string;
  aliases: string[];
}

interface Operation {
  operationId?: unknown;
  summary?: unknown;
  'x-sigil-activity-type'?: unknown;
  'x-search-aliases'?: unknown;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function operationNames(doc: unknown): Map<string, OperationNames> {
  const out = new Map<string, OperationNames>();
  const paths = (doc as {paths?: Record<string, {post?: Operation}>} | undefined)?.paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    const op = item.post;
    const name = path.split('/').pop();
    if (!op || !name) continue;
    const activityType = op['x-sigil-activity-type'];
    out.set(name, {
      name,
      camel: typeof op.operationId === 'string' ? op.operationId : name,
      title: typeof op.summary === 'string' ? op.summary : name,
      ...(typeof activityType === 'string' ? {activityType} : {}),
      path,
      aliases: strings(op['x-search-aliases']),
    });
  }
  return out;
}

/** The names of the error codes (`INVALID_ARGUMENT`), from the document's `x-error-codes`. */
export function errorCodeNames(doc: unknown): string[] {
  const codes = (doc as {'x-error-codes'?: unknown} | undefined)?.['x-error-codes'];
  if (!Array.isArray(codes)) return [];
  return codes.map((c) => (c as {name?: unknown}).name).filter((n): n is string => typeof n === 'string');
}

export interface ApiNames {
  operations: Map<string, OperationNames>;
  errorCodes: string[];
}

export function readApiNames(specPath: string): ApiNames {
  const doc: unknown = JSON.parse(readFileSync(specPath, 'utf8'));
  return {operations: operationNames(doc), errorCodes: errorCodeNames(doc)};
}
