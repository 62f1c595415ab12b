// Runs the API commands of the catalog: parses flags into the operation's request, calls it through
// @sigil/http's SigilClient, waits for a submission's activity, and prints the answer.
import { readFile } from 'node:fs/promises';
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient, waitForActivity } from '@sigil/http';
import openapi from '@sigil/api-spec/openapi.json' with { type: 'json' };
import { CliError, networkReason, UsageError } from '../errors.js';
import type { Io } from '../io.js';
import { buildCatalog, type ApiCommand, type CommandGroup, type Flag } from './catalog.js';
import { formatActivity, formatQueryResult } from './output.js';
import { DEFAULT_PROFILE_FILE, resolveProfile } from './profile.js';
import { parseOptions } from '../options.js';

export const API_GROUPS: CommandGroup[] = buildCatalog();

const ERROR_NAMES = new Map(
  (openapi as unknown as { 'x-error-codes': Array<{ code: number; name: string }> })['x-error-codes'].map(({ code, name }) => [code, name]),
);

const COMMON_OPTIONS = `Common options:
  --json                  print the API's JSON answer instead of a table
  --key <file>            API key file (default: $SIGIL_API_KEY_FILE, else ${DEFAULT_PROFILE_FILE},
                          which \`sigil emulator start\` writes with its organization and URL)
  --organization <id>     organization to act in (default: $SIGIL_ORGANIZATION_ID, else the key file's)
  --base-url <url>        API base URL (default: $SIGIL_BASE_URL, else the key file's, else https://api.sigil.example)
  --body <@file|json>     the request fields as one JSON object; flags override its fields
  -h, --help              this help`;

const SUBMISSION_OPTIONS = `  --no-wait               print the activity as submitted instead of waiting until it finishes`;

function placeholder(flag: Flag): string {
  if (flag.kind === 'boolean') return '';
  if (flag.enum && flag.kind !== 'string-list' && flag.enum.length <= 4) return ` <${flag.enum.join('|')}>`;
  return ` <${flag.kind === 'string-list' ? 'string' : flag.kind}>`;
}

function usageLine(command: ApiCommand): string {
  const positional = command.positional ? ` <${command.positional.name}>` : '';
  const required = command.flags
    .filter((flag) => flag.required && flag !== command.positional)
    .map((flag) => ` --${flag.name}${placeholder(flag)}`)
    .join('');
  return `sigil ${command.group} ${command.name}${positional}${required} [options]`;
}

export function commandUsage(command: ApiCommand): string {
  const { operation } = command;
  const what = operation.kind === 'submission' ? `submission ${operation.name}, activity ${operation.activityType}` : `query ${operation.name}`;
  const flagLines = command.flags.map((flag) => {
    const left = `  --${flag.name}${placeholder(flag)}`;
    const notes = [
      flag.required ? 'required.' : '',
      flag.description,
      flag.kind === 'string-list' ? 'Repeat the flag for several values.' : '',
      flag.kind === 'json' ? 'JSON, or @file.' : '',
      flag.enum && (flag.kind === 'string-list' || flag.enum.length > 4) ? `One of: ${flag.enum.join(', ')}.` : '',
      flag === command.positional ? `Also the first argument.` : '',
    ].filter(Boolean);
    return `${left.padEnd(26)}${left.length >= 26 ? '\n' + ' '.repeat(26) : ''}${notes.join(' ')}`;
  });
  return [
    `Usage: ${usageLine(command)}`,
    '',
    `${operation.summary} (${what}).`,
    '',
    ...(flagLines.length > 0 ? ['Options:', ...flagLines, ''] : []),
    ...(operation.kind === 'submission' ? [COMMON_OPTIONS.replace('\n  -h, --help', `\n${SUBMISSION_OPTIONS}\n  -h, --help`)] : [COMMON_OPTIONS]),
  ].join('\n');
}

export function groupUsage(group: CommandGroup): string {
  const width = Math.max(...group.commands.map((command) => command.name.length));
  return [
    `Usage: sigil ${group.name} <command> [options]`,
    '',
    group.description,
    '',
    'Commands:',
    ...group.commands.map((command) => `  ${command.name.padEnd(width)}  ${command.operation.summary}`),
    '',
    `Run \`sigil ${group.name} <command> --help\` for its options.`,
  ].join('\n');
}

async function readJsonArgument(text: string, what: string): Promise<unknown> {
  let source = text;
  if (text.startsWith('@')) {
    try {
      source = await readFile(text.slice(1), 'utf8');
    } catch (error) {
      throw new CliError(`Cannot read ${text.slice(1)} for ${what} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check the path after the @`);
    }
  }
  try {
    return JSON.parse(source);
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON (${(error as Error).message})`);
  }
}

function checkEnum(flag: Flag, value: string | number): void {
  if (flag.enum && !flag.enum.includes(value)) {
    throw new UsageError(`--${flag.name} must be one of ${flag.enum.join(', ')} (got "${value}")`);
  }
}

async function flagValue(flag: Flag, raw: string | boolean | string[]): Promise<unknown> {
  switch (flag.kind) {
    case 'boolean':
      return raw === true;
    case 'string-list': {
      const values = raw as string[];
      for (const value of values) checkEnum(flag, value);
      return values;
    }
    case 'integer':
    case 'number': {
      const text = raw as string;
      const value = Number(text);
      if (text.trim() === '' || !Number.isFinite(value) || (flag.kind === 'integer' && !Number.isInteger(value))) {
        throw new UsageError(`--${flag.name} must be ${flag.kind === 'integer' ? 'a whole number' : 'a number'} (got "${text}")`);
      }
      checkEnum(flag, value);
      return value;
    }
    case 'json':
      return readJsonArgument(raw as string, `--${flag.name}`);
    case 'string':
      checkEnum(flag, raw as string);
      return raw;
  }
}

/** The operation's request fields from the command line, or a UsageError that says what is missing. */
export async function parseRequest(command: ApiCommand, args: string[]) {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {
    json: { type: 'boolean' },
    key: { type: 'string' },
    organization: { type: 'string' },
    'base-url': { type: 'string' },
    body: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  };
  if (command.operation.kind === 'submission') options['no-wait'] = { type: 'boolean' };
  for (const flag of command.flags) {
    options[flag.name] = flag.kind === 'boolean' ? { type: 'boolean' } : flag.kind === 'string-list' ? { type: 'string', multiple: true } : { type: 'string' };
  }
  const { values, positionals } = parseOptions(`sigil ${command.group} ${command.name}`, args, options, true);
  const common = values as Record<string, string | boolean | string[] | undefined>;
  if (common.help) return { help: true as const };
  if (positionals.length > (command.positional ? 1 : 0)) {
    const expected = command.positional ? `one argument, the ${command.positional.name}` : 'no argument';
    throw new UsageError(`sigil ${command.group} ${command.name} takes ${expected} (got ${positionals.map((p) => `"${p}"`).join(' ')}); run it with --help`);
  }
  const request: Record<string, unknown> = {};
  if (typeof common.body === 'string') {
    const body = await readJsonArgument(common.body, '--body');
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new UsageError('--body must be a JSON object of request fields');
    Object.assign(request, body);
  }
  if (command.positional && positionals[0] !== undefined) {
    if (common[command.positional.name] !== undefined) throw new UsageError(`Give the ${command.positional.name} once: as the argument or as --${command.positional.name}`);
    request[command.positional.field] = positionals[0];
  }
  for (const flag of command.flags) {
    const raw = common[flag.name];
    if (raw !== undefined) request[flag.field] = await flagValue(flag, raw);
  }
  const missing = command.flags.filter((flag) => flag.required && request[flag.field] === undefined);
  if (missing.length > 0) {
    throw new UsageError(`Missing ${missing.map((flag) => `--${flag.name}`).join(', ')}: run \`sigil ${command.group} ${command.name} --help\``);
  }
  return {
    help: false as const,
    request,
    json: common.json === true,
    wait: common['no-wait'] !== true,
    profile: { key: common.key as string | undefined, organization: common.organization as string | undefined, 'base-url': common['base-url'] as string | undefined },
  };
}

/** An error of the API client as one line, with the status code's name from the document. */
function describeFailure(error: unknown, baseUrl: string): CliError {
  const { status, code, message } = error as { status?: unknown; code?: unknown; message?: string };
  if (typeof status === 'number') {
    const numeric = typeof code === 'number' ? code : undefined;
    const name = typeof code === 'string' ? code : numeric !== undefined ? ERROR_NAMES.get(numeric) : undefined;
    const codeText = numeric !== undefined ? ` (code ${numeric}${name ? ` ${name}` : ''})` : name ? ` (${name})` : '';
    return new CliError(`The API answered HTTP ${status}: ${message ?? 'no message'}${codeText}`);
  }
  if (error instanceof TypeError || (error as { cause?: unknown }).cause) {
    return new CliError(`Could not reach ${baseUrl} (${networkReason(error)}): is the API (or \`sigil emulator start\`) running there? Check --base-url`);
  }
  return new CliError(message ?? String(error));
}

type OperationMethod = (request: unknown) => Promise<unknown>;
interface ActivityView {
  id: string;
  status: string;
  type?: string;
  organizationId?: string;
  result?: Record<string, unknown>;
  failure?: unknown;
}

export async function runApiCommand(command: ApiCommand, args: string[], io: Io): Promise<number> {
  const parsed = await parseRequest(command, args);
  if (parsed.help) {
    io.stdout(commandUsage(command));
    return 0;
  }
  const profile = await resolveProfile(parsed.profile, io);
  const client = new SigilClient({
    baseUrl: profile.baseUrl,
    organizationId: profile.organizationId,
    stamper: new ApiKeyStamper({ apiPublicKey: profile.key.publicKey, apiPrivateKey: profile.key.privateKey }),
    fetch: io.fetch,
  });
  // The method is chosen by the operation's name at run time, so its static request type cannot apply here;
  // the flags were built from the same schema.
  const method = (client as unknown as Record<string, OperationMethod>)[command.operation.operationId];
  if (typeof method !== 'function') throw new CliError(`This @sigil/http has no ${command.operation.operationId}: install matching versions of @sigil/cli and @sigil/http`);
  try {
    const answer = await method.call(client, parsed.request);
    if (command.operation.kind === 'query') {
      io.stdout(parsed.json ? JSON.stringify(answer, null, 2) : formatQueryResult(answer));
      return 0;
    }
    // A submission answers with the activity, or with `{ activity }` in clients that wrap it.
    let activity = ((answer as { activity?: ActivityView }).activity ?? answer) as ActivityView;
    if (parsed.wait) activity = (await waitForActivity(client, activity)).activity;
    io.stdout(parsed.json ? JSON.stringify(activity, null, 2) : formatActivity(activity));
    if (activity.status === 'ACTIVITY_STATUS_FAILED' || activity.status === 'ACTIVITY_STATUS_REJECTED') {
      throw new CliError(`Activity ${activity.id} ended ${activity.status}; see the activity above`);
    }
    if (activity.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED') {
      io.stderr(`Activity ${activity.id} needs more approvals: \`sigil activities get ${activity.id}\` shows it, \`sigil activities approve --fingerprint <fingerprint>\` approves it`);
    }
    return 0;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw describeFailure(error, profile.baseUrl);
  }
}
