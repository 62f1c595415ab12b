import { readFile } from 'node:fs/promises';
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { DEFAULT_BASE_URL } from '@sigil/http';
import { DEFAULT_PROFILE_FILE, resolveProfile } from '../api/profile.js';
import { CliError, networkReason, UsageError } from '../errors.js';
import { formatResponse } from '../format.js';
import type { Io } from '../io.js';
import { parseOptions } from '../options.js';
import { formatCommand } from '../shell-quote.js';
const REQUEST_TIMEOUT_MS = 30_000;

export const REQUEST_USAGE = `Usage: sigil request --path <path> --body <@file|json> [options]

Stamps the body with your API key and POSTs it to the Sigil API.

Options:
  --path <path>           API path, e.g. /public/v1/query/whoami
  --body <@file|json>     @file sends the file's exact bytes; otherwise the argument is the JSON body
  --key <file>            API key file (default: $SIGIL_API_KEY_FILE, else ${DEFAULT_PROFILE_FILE},
                          the file \`sigil emulator start\` writes in this directory)
  --base-url <url>        API base URL (default: $SIGIL_BASE_URL, else the key file's, else ${DEFAULT_BASE_URL})
                          A body object without "organizationId" gets $SIGIL_ORGANIZATION_ID, else the key file's
  --no-post               print the stamped curl command instead of sending it
  --json                  print the answer as JSON (default: a table of its fields)`;

async function readBody(arg: string): Promise<{ body: string; source: string }> {
  if (!arg.startsWith('@')) return { body: arg, source: 'the --body argument' };
  const path = arg.slice(1);
  try {
    return { body: await readFile(path, 'utf8'), source: path };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliError(`Cannot read body file ${path} (${code ?? String(error)}): check the path after the @`);
  }
}

function describeNetworkError(error: unknown): string {
  if ((error as Error).name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000}s`;
  return networkReason(error);
}

/**
 * Like the SDK's client, fills in the organization from the environment when the body names none, so one
 * SIGIL_ORGANIZATION_ID serves both. A body that names one, or is not an object, is sent byte for byte.
 */
export function withOrganizationId(text: string, parsed: unknown, organizationId: string | undefined): string {
  if (!organizationId || typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || 'organizationId' in parsed) return text;
  return JSON.stringify({ organizationId, ...parsed });
}

export async function requestCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseOptions('sigil request', args, {
    path: { type: 'string' },
    body: { type: 'string' },
    key: { type: 'string' },
    'base-url': { type: 'string' },
    'no-post': { type: 'boolean' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(REQUEST_USAGE);
    return 0;
  }
  const path = values.path;
  if (!path) throw new UsageError('Missing --path: give the API path, e.g. --path /public/v1/query/whoami');
  if (!path.startsWith('/')) throw new UsageError(`--path must start with "/" (got "${path}"), e.g. /public/v1/query/whoami`);
  if (values.body === undefined) throw new UsageError('Missing --body: pass @file.json or an inline JSON string');

  // The same key file, organization and URL as the API commands, but the organization is optional: the body is
  // sent as written when neither the environment nor the key file names one.
  const profile = await resolveProfile({ key: values.key, 'base-url': values['base-url'] }, io, { requireOrganization: false });
  const baseUrl = profile.baseUrl;
  let url: URL;
  try {
    url = new URL(baseUrl + path);
  } catch {
    throw new UsageError(`Invalid base URL "${baseUrl}": use a full URL such as ${DEFAULT_BASE_URL}`);
  }

  const read = await readBody(values.body);
  let parsedBody: unknown;
  try {
    parsedBody = JSON.parse(read.body);
  } catch (error) {
    throw new CliError(`The body in ${read.source} is not valid JSON (${(error as Error).message}): fix it and retry`);
  }
  const body = withOrganizationId(read.body, parsedBody, profile.organizationId);

  const key = profile.key;
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  const { stampHeaderName, stampHeaderValue } = await stamper.stamp(body);

  if (values['no-post']) {
    io.stdout(
      formatCommand([
        ['curl', '-X', 'POST', url.href],
        ['-H', 'Content-Type: application/json'],
        ['-H', `${stampHeaderName}: ${stampHeaderValue}`],
        ['--data-raw', body],
      ]),
    );
    return 0;
  }

  let response: Response;
  try {
    response = await io.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [stampHeaderName]: stampHeaderValue },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new CliError(
      `Could not reach ${url.origin} (${describeNetworkError(error)}): check --base-url or SIGIL_BASE_URL and your network`,
    );
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed !== undefined) io.stdout(formatResponse(parsed, values.json ? 'json' : 'table'));
  else if (text) io.stdout(text);
  if (!response.ok) {
    const status = (parsed ?? {}) as { code?: unknown; message?: unknown };
    const detail = typeof status.message === 'string' ? `: ${status.message}` : '';
    const code = typeof status.code === 'number' ? ` (code ${status.code})` : '';
    throw new CliError(`The API answered HTTP ${response.status}${detail}${code}; see the response above`);
  }
  return 0;
}
