// `sigil emulator outbox`: the emails and text messages a running emulator would have sent (sign-in
// links, recovery bundles, one-time codes), read from GET /emulator/v1/outbox; --clear empties it.
import { DEFAULT_HOST, DEFAULT_PORT } from '@sigil/emulator/defaults';
import { CliError, UsageError } from '../errors.js';
import type { Io } from '../io.js';
import type { OutboxMessage } from '@sigil/emulator';
import { parseOptions } from '../options.js';

const DEFAULT_EMULATOR_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;

export const OUTBOX_USAGE = `sigil emulator outbox [--url <url>] [--json] [--clear]
  Lists the emails and text messages the emulator would have sent, oldest first: one-time
  codes, sign-in and recovery bundles, magic links. Nothing is really sent.
  --url <url>           the emulator (default $SIGIL_BASE_URL or ${DEFAULT_EMULATOR_URL})
  --json                print the list as JSON, as GET /emulator/v1/outbox answers it
  --clear               empty the outbox (DELETE /emulator/v1/outbox)`;

type Message = OutboxMessage;

function describe(message: Message): string {
  const lines = [
    `${message.time}  ${message.kind} to ${message.to}  (${message.operation})`,
    ...(message.subject ? [`  subject: ${message.subject}`] : []),
    ...(message.otpCode ? [`  code: ${message.otpCode}`] : []),
    ...(message.magicLink ? [`  link: ${message.magicLink}`] : []),
    ...(message.credentialBundle && !message.magicLink ? [`  bundle: ${message.credentialBundle}`] : []),
    `  organization ${message.organizationId}, user ${message.userId}`,
  ];
  return lines.join('\n');
}

export async function outboxCommand(args: string[], io: Io): Promise<number> {
  const { values } = parseOptions('sigil emulator outbox', args, { url: { type: 'string' }, json: { type: 'boolean' }, clear: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(OUTBOX_USAGE);
    return 0;
  }
  const base = (values.url ?? io.env.SIGIL_BASE_URL ?? DEFAULT_EMULATOR_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${base}/emulator/v1/outbox`);
  } catch {
    throw new UsageError(`Invalid --url "${base}": use the emulator's base URL, e.g. ${DEFAULT_EMULATOR_URL}`);
  }
  let response: Response;
  try {
    response = await io.fetch(url, { method: values.clear ? 'DELETE' : 'GET', signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new CliError(`Could not reach the emulator at ${url.origin} (${reason}): start it with \`sigil emulator start\` or pass --url`);
  }
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  if (values.clear) {
    const deleted = (body as { deleted?: unknown } | undefined)?.deleted;
    if (!response.ok || typeof deleted !== 'number') throw new CliError(`${url.origin} answered HTTP ${response.status} without an outbox: is it a Sigil emulator?`);
    io.stdout(`Deleted ${deleted} message${deleted === 1 ? '' : 's'} from the outbox`);
    return 0;
  }
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  if (!response.ok || !Array.isArray(messages)) throw new CliError(`${url.origin} answered HTTP ${response.status} without an outbox: is it a Sigil emulator?`);
  if (values.json) io.stdout(JSON.stringify({ messages }, null, 2));
  else if (messages.length === 0) io.stdout('The outbox is empty.');
  else io.stdout((messages as Message[]).map(describe).join('\n\n'));
  return 0;
}
