// Where createServerClient finds what it was not given: the same environment variables the `sigil` CLI reads,
// so one set of exports (see the Local development page) points the SDK and the CLI at the same API and key.
import { readFileSync } from 'node:fs';
import { publicKeyFromPrivateKey } from '@sigil/api-key-stamper';

/** The environment variables createServerClient reads when an option is missing. */
export const SIGIL_ENV = {
  baseUrl: 'SIGIL_BASE_URL',
  apiKeyFile: 'SIGIL_API_KEY_FILE',
  apiPublicKey: 'SIGIL_API_PUBLIC_KEY',
  apiPrivateKey: 'SIGIL_API_PRIVATE_KEY',
  organizationId: 'SIGIL_ORGANIZATION_ID',
} as const;

export interface ExplicitSettings {
  baseUrl?: string;
  apiPublicKey?: string;
  apiPrivateKey?: string;
  organizationId?: string;
}

export interface ResolvedSettings {
  baseUrl: string | undefined;
  apiPublicKey: string;
  apiPrivateKey: string;
  organizationId: string;
}

/** Thrown when neither the options nor the environment give a setting, or the key file cannot be used. */
export class ServerClientConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerClientConfigError';
  }
}

const nonEmpty = (value: string | undefined): string | undefined => (value === undefined || value === '' ? undefined : value);

function readKeyFile(path: string): { publicKey: string; privateKey: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ServerClientConfigError(
      `${SIGIL_ENV.apiKeyFile} names ${path}, which cannot be read (${code ?? String(error)}): point it at the file \`sigil keys generate\` or \`sigil emulator start\` wrote`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const { privateKey, publicKey } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof privateKey !== 'string' || !/^[0-9a-fA-F]{64}$/.test(privateKey)) {
    throw new ServerClientConfigError(`Key file ${path} has no valid "privateKey" (64 hex characters): expected {"publicKey": "...", "privateKey": "..."} as \`sigil keys generate\` writes`);
  }
  const derived = publicKeyFromPrivateKey(privateKey);
  if (publicKey !== undefined && (typeof publicKey !== 'string' || publicKey.toLowerCase() !== derived)) {
    throw new ServerClientConfigError(`Key file ${path} has a "publicKey" that does not match its "privateKey": fix or regenerate the file`);
  }
  return { publicKey: derived, privateKey: privateKey.toLowerCase() };
}

/**
 * Fills each missing setting from the environment. Explicit options always win. The key pair comes, in this
 * order, from the options, from SIGIL_API_PRIVATE_KEY (with SIGIL_API_PUBLIC_KEY, derived when unset), or from
 * the key file SIGIL_API_KEY_FILE names; a pair is never assembled from two sources.
 */
export function resolveSettings(options: ExplicitSettings, env: Record<string, string | undefined> = process.env): ResolvedSettings {
  const baseUrl = nonEmpty(options.baseUrl) ?? nonEmpty(env[SIGIL_ENV.baseUrl]);
  const organizationId = nonEmpty(options.organizationId) ?? nonEmpty(env[SIGIL_ENV.organizationId]);
  if (!organizationId) {
    throw new ServerClientConfigError(`No organization ID: pass organizationId or set ${SIGIL_ENV.organizationId}`);
  }

  let pair: { publicKey: string; privateKey: string };
  if (options.apiPrivateKey !== undefined || options.apiPublicKey !== undefined) {
    if (!options.apiPrivateKey) throw new ServerClientConfigError('apiPublicKey was given without apiPrivateKey: pass both, or neither to use the environment');
    pair = { privateKey: options.apiPrivateKey, publicKey: options.apiPublicKey ?? publicKeyFromPrivateKey(options.apiPrivateKey) };
  } else if (nonEmpty(env[SIGIL_ENV.apiPrivateKey])) {
    const privateKey = env[SIGIL_ENV.apiPrivateKey]!;
    pair = { privateKey, publicKey: nonEmpty(env[SIGIL_ENV.apiPublicKey]) ?? publicKeyFromPrivateKey(privateKey) };
  } else if (nonEmpty(env[SIGIL_ENV.apiKeyFile])) {
    pair = readKeyFile(env[SIGIL_ENV.apiKeyFile]!);
  } else {
    throw new ServerClientConfigError(
      `No API key: pass apiPublicKey and apiPrivateKey, or set ${SIGIL_ENV.apiKeyFile} to a key file (or ${SIGIL_ENV.apiPrivateKey})`,
    );
  }
  return { baseUrl, organizationId, apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey };
}
