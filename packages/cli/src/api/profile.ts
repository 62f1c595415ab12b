// Where an API command's key, organization and URL come from. The default profile is the key file
// `sigil emulator start` writes (./.sigil-emulator/root-api-key.json), which also records the emulator's
// organization and URL, so that `sigil emulator start` in one terminal and `sigil wallets list` in
// another work with no flag.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_KEY_DIRECTORY, KEY_FILE_NAME } from '@sigil/emulator/defaults';
import { UsageError } from '../errors.js';
import type { Io } from '../io.js';
import { readKeyFile } from '../key-file.js';
import type { ApiKeyPair } from '@sigil/api-key-stamper';
import { DEFAULT_BASE_URL } from '@sigil/http';

export const DEFAULT_PROFILE_FILE = join(DEFAULT_KEY_DIRECTORY, KEY_FILE_NAME);

export interface Profile {
  key: ApiKeyPair;
  keyFile: string;
  organizationId: string;
  baseUrl: string;
}

export interface ProfileFlags {
  key?: string | undefined;
  organization?: string | undefined;
  'base-url'?: string | undefined;
}

/** The `organizationId` and `baseUrl` a key file may carry next to its key pair. */
async function readProfileFields(path: string): Promise<{ organizationId?: string; baseUrl?: string }> {
  // readKeyFile has already read and checked this file; only the extra fields are read here.
  const parsed = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
  return {
    ...(typeof parsed.organizationId === 'string' ? { organizationId: parsed.organizationId } : {}),
    ...(typeof parsed.baseUrl === 'string' ? { baseUrl: parsed.baseUrl } : {}),
  };
}

/**
 * The key, organization and URL of a command, from its flags, the environment, or the key file's own fields.
 * `sigil request` sends bodies as written, so for it the organization is optional (`requireOrganization: false`).
 */
export async function resolveProfile(flags: ProfileFlags, io: Io): Promise<Profile>;
export async function resolveProfile(flags: ProfileFlags, io: Io, options: { requireOrganization: false }): Promise<Omit<Profile, 'organizationId'> & { organizationId?: string }>;
export async function resolveProfile(flags: ProfileFlags, io: Io, { requireOrganization = true } = {}): Promise<Omit<Profile, 'organizationId'> & { organizationId?: string }> {
  const keyFile = flags.key ?? io.env.SIGIL_API_KEY_FILE ?? DEFAULT_PROFILE_FILE;
  const explicit = flags.key !== undefined || io.env.SIGIL_API_KEY_FILE !== undefined;
  if (!explicit && !existsSync(keyFile)) {
    throw new UsageError(
      `No API key: pass --key <file>, set SIGIL_API_KEY_FILE, or run \`sigil emulator start\` in this directory (it writes ${DEFAULT_PROFILE_FILE})`,
    );
  }
  const key: ApiKeyPair = await readKeyFile(keyFile);
  const fields = await readProfileFields(keyFile);
  const organizationId = flags.organization ?? io.env.SIGIL_ORGANIZATION_ID ?? fields.organizationId;
  if (!organizationId && requireOrganization) {
    throw new UsageError(`No organization: pass --organization <id> or set SIGIL_ORGANIZATION_ID (${keyFile} names none)`);
  }
  const baseUrl = (flags['base-url'] ?? io.env.SIGIL_BASE_URL ?? fields.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw new UsageError(`Invalid base URL "${baseUrl}": use a full URL such as ${DEFAULT_BASE_URL}`);
  }
  return { key, keyFile, baseUrl, ...(organizationId ? { organizationId } : {}) };
}
