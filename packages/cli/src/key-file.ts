import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { generateApiKeyPair, publicKeyFromPrivateKey, type ApiKeyPair } from '@sigil/api-key-stamper';
import { CliError } from './errors.js';

export async function writeNewKeyFile(path: string, overwrite: boolean): Promise<ApiKeyPair> {
  const pair = generateApiKeyPair();
  const json = JSON.stringify({ publicKey: pair.publicKey, privateKey: pair.privateKey }, null, 2) + '\n';
  try {
    // 'wx' refuses to clobber an existing key; mode applies on creation.
    await writeFile(path, json, { mode: 0o600, flag: overwrite ? 'w' : 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new CliError(`${path} already exists: choose another --out path or pass --force to overwrite it`);
    if (code === 'ENOENT') throw new CliError(`Cannot write ${path}: create its directory first`);
    throw new CliError(`Cannot write ${path} (${code ?? String(error)}): check the path and its permissions`);
  }
  // An overwritten file keeps its old mode, so set it explicitly.
  await chmod(path, 0o600);
  return pair;
}

export async function readKeyFile(path: string): Promise<ApiKeyPair> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new CliError(`Key file ${path} not found: create one with \`sigil keys generate --out ${path}\` or pass --key <file>`);
    }
    throw new CliError(`Cannot read key file ${path} (${code ?? String(error)}): check its permissions`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CliError(`Key file ${path} is not valid JSON: expected {"publicKey": "...", "privateKey": "..."} as written by \`sigil keys generate\``);
  }
  const { publicKey, privateKey } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof privateKey !== 'string' || !/^[0-9a-fA-F]{64}$/.test(privateKey)) {
    throw new CliError(`Key file ${path} has no valid "privateKey" (64 hex chars): regenerate it with \`sigil keys generate\``);
  }
  const derived = publicKeyFromPrivateKey(privateKey);
  if (publicKey !== undefined && (typeof publicKey !== 'string' || publicKey.toLowerCase() !== derived)) {
    throw new CliError(`Key file ${path} has a "publicKey" that does not match its "privateKey": fix or regenerate the file`);
  }
  return { publicKey: derived, privateKey: privateKey.toLowerCase() };
}

/**
 * Records where a key works next to the key pair, so that API commands need no flag: `sigil emulator start`
 * calls this with its organization and URL. The key pair itself is left as it was.
 */
export async function writeProfileFields(path: string, fields: { organizationId: string; baseUrl: string }): Promise<void> {
  // Written beside the file and renamed over it: a command reading the key at that moment (a script started as
  // soon as the banner appears) sees the old file or the new one, never a truncated one.
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const current = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    await writeFile(temporary, JSON.stringify({ ...current, ...fields }, null, 2) + '\n', { mode: 0o600, flag: 'w' });
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new CliError(`Cannot record the organization and URL in ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check its permissions`);
  }
}
