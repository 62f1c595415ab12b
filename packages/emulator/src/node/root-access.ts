// The organization and API key a developer starts with. On an empty state the emulator creates a root
// organization whose root user holds a P-256 API key, and writes the pair to a 0600 key file in the
// format `sigil keys generate` writes and `sigil request --key` reads. A key file that is already there
// is reused, so the same key keeps working across restarts (with --data, the organization too).
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ApiKeyStamper, generateApiKeyPair, publicKeyFromPrivateKey, type ApiKeyPair } from '@sigil/api-key-stamper';
import type { Emulator } from '../core/types.js';

export const DEFAULT_ORGANIZATION_NAME = 'Emulator Organization';
export const DEFAULT_ROOT_USER_NAME = 'root';

export class KeyFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyFileError';
  }
}

export interface RootAccess {
  organizationId: string;
  organizationName: string;
  userId: string;
  userName: string;
  /** The key file that authenticates as this user. */
  keyFile: string;
  publicKey: string;
  /** True when this start created the organization (an empty state). */
  created: boolean;
}

/** What the banner shows when the state's organizations are not reachable with the key file. */
export interface UnmatchedOrganizations {
  organizations: Array<{ organizationId: string; organizationName: string; rootUserIds: string[] }>;
  keyFile: string;
  reason: string;
}

/** Reads a key file, or returns undefined when there is none. A file that exists but is unusable is an error. */
export async function readKeyPair(path: string): Promise<ApiKeyPair | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new KeyFileError(`Cannot read key file ${path} (${code ?? String(error)}): check its permissions or pass another --key-file`);
  }
  try {
    const { privateKey } = JSON.parse(text) as { privateKey?: unknown };
    if (typeof privateKey !== 'string') throw new Error('no privateKey');
    return { publicKey: publicKeyFromPrivateKey(privateKey), privateKey: privateKey.toLowerCase() };
  } catch {
    throw new KeyFileError(
      `Key file ${path} is not a P-256 key pair ({"publicKey","privateKey"} as \`sigil keys generate\` writes): delete it to get a new one, or pass another --key-file`,
    );
  }
}

export async function writeKeyPair(path: string, pair: ApiKeyPair): Promise<void> {
  const json = JSON.stringify({ publicKey: pair.publicKey, privateKey: pair.privateKey }, null, 2) + '\n';
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(path, json, { mode: 0o600 });
    // writeFile's mode applies only when it creates the file.
    await chmod(path, 0o600);
  } catch (error) {
    throw new KeyFileError(`Cannot write key file ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check the path or pass another --key-file`);
  }
}

/** Sends a stamped whoami through the core; the identity when the key belongs to a user of that organization. */
async function whoami(emulator: Emulator, pair: ApiKeyPair, organizationId: string): Promise<{ userId: string; username: string; organizationName: string } | undefined> {
  const body = JSON.stringify({ organizationId });
  const { stampHeaderName, stampHeaderValue } = await new ApiKeyStamper({ apiPublicKey: pair.publicKey, apiPrivateKey: pair.privateKey }).stamp(body);
  const answer = await emulator.handle({
    method: 'POST',
    path: '/public/v1/query/whoami',
    headers: { 'content-type': 'application/json', [stampHeaderName.toLowerCase()]: stampHeaderValue },
    body,
  });
  if (answer.status !== 200) return undefined;
  const me = JSON.parse(answer.body) as { userId?: string; username?: string; organizationName?: string };
  if (typeof me.userId !== 'string') return undefined;
  return { userId: me.userId, username: me.username ?? '', organizationName: me.organizationName ?? '' };
}

/**
 * Gives the developer a way in: bootstraps an organization on an empty state, or finds the organization
 * the key file belongs to on a restored one.
 */
export async function ensureRootAccess(
  emulator: Emulator,
  keyFile: string,
  names: { organizationName?: string; userName?: string } = {},
): Promise<RootAccess | UnmatchedOrganizations> {
  const existing = await readKeyPair(keyFile);
  const organizations = emulator.organizations();
  if (organizations.length === 0) {
    const pair = existing ?? generateApiKeyPair();
    const result = await emulator.bootstrap({
      organizationName: names.organizationName ?? DEFAULT_ORGANIZATION_NAME,
      userName: names.userName ?? DEFAULT_ROOT_USER_NAME,
      apiPublicKey: pair.publicKey,
    });
    if (!existing) await writeKeyPair(keyFile, pair);
    return { ...result, keyFile, publicKey: pair.publicKey, created: true };
  }
  if (!existing) {
    return { organizations, keyFile, reason: `no key file at ${keyFile}` };
  }
  for (const organization of organizations) {
    const me = await whoami(emulator, existing, organization.organizationId);
    if (me) {
      return {
        organizationId: organization.organizationId,
        organizationName: organization.organizationName,
        userId: me.userId,
        userName: me.username,
        keyFile,
        publicKey: existing.publicKey,
        created: false,
      };
    }
  }
  return { organizations, keyFile, reason: `the key in ${keyFile} belongs to no user of these organizations` };
}

export function isRootAccess(value: RootAccess | UnmatchedOrganizations): value is RootAccess {
  return 'userId' in value;
}
