// call_api: one operation sent, stamped with the configured API key, to the emulator (or, only when the server
// was started with --allow-remote, to any base URL), waiting for a submission's activity to finish.
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { SigilClient, waitForActivity } from '@sigil/http';
import { networkReason } from '../errors.js';
import type { Io } from '../io.js';
import { resolveProfile, type ProfileFlags } from '../api/profile.js';
import { findOperation, closest, operations, type OpenApiDocument } from './openapi.js';

export const ALLOW_REMOTE_FLAG = '--allow-remote';

export interface CallApiSettings {
  /** The --key, --organization and --base-url the server was started with. */
  profile: ProfileFlags;
  allowRemote: boolean;
  /** Environment (SIGIL_API_KEY_FILE, SIGIL_ORGANIZATION_ID, SIGIL_BASE_URL) and fetch; its stdout is never used. */
  io: Io;
  /** How long to wait for a submission's activity to become final. */
  waitTimeoutMs?: number;
}

export interface CallApiInput {
  operation: string;
  body?: Record<string, unknown> | undefined;
  wait?: boolean | undefined;
}

export interface CallApiResult {
  request: { method: 'POST'; url: string; headers: Record<string, string>; body: unknown };
  response: { status: number; body: unknown };
  /** The activity once final (submissions with wait). */
  activity?: unknown;
  ok: boolean;
  /** What to do next, when the answer alone does not say. */
  note?: string;
}

const FINAL = new Set(['ACTIVITY_STATUS_COMPLETED', 'ACTIVITY_STATUS_FAILED', 'ACTIVITY_STATUS_REJECTED', 'ACTIVITY_STATUS_CONSENSUS_NEEDED']);

/** Loopback only: `localhost` (and `*.localhost`), 127.0.0.0/8, ::1. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '::1';
}

export async function callApi(doc: OpenApiDocument, settings: CallApiSettings, input: CallApiInput): Promise<CallApiResult> {
  const operation = findOperation(doc, input.operation);
  if (!operation) {
    const names = operations(doc).map((o) => o.name);
    throw new Error(`No operation "${input.operation}". Closest: ${closest(input.operation, names).join(', ')}. describe_operation shows one's fields.`);
  }
  const profile = await resolveProfile(settings.profile, settings.io);
  const base = new URL(profile.baseUrl);
  if (!isLoopback(base) && !settings.allowRemote) {
    throw new Error(
      `Refused: call_api sends requests only to a local emulator (localhost, 127.0.0.1, ::1), and the configured base URL is ${profile.baseUrl}. ` +
        `To let it reach that host, restart the server with \`sigil mcp ${ALLOW_REMOTE_FLAG}\`; start \`sigil emulator start\` to work locally instead.`,
    );
  }
  const given = input.body ?? {};
  let body: Record<string, unknown>;
  if (operation.kind === 'submission') {
    // Given the intent alone, or the whole envelope: the envelope's type and a fresh timestamp are filled in.
    const parameters = 'parameters' in given ? given.parameters : given;
    body = {
      type: operation.op['x-sigil-activity-type'],
      timestampMs: String(Date.now()),
      organizationId: typeof given.organizationId === 'string' ? given.organizationId : profile.organizationId,
      parameters,
    };
  } else {
    body = { organizationId: profile.organizationId, ...given };
  }
  const text = JSON.stringify(body);
  const stamper = new ApiKeyStamper({ apiPublicKey: profile.key.publicKey, apiPrivateKey: profile.key.privateKey });
  const { stampHeaderName, stampHeaderValue } = await stamper.stamp(text);
  const url = `${profile.baseUrl}${operation.path}`;
  const headers = { 'Content-Type': 'application/json', [stampHeaderName]: stampHeaderValue };
  const request = { method: 'POST' as const, url, headers, body };
  const send = settings.io.fetch;
  let response: Response;
  try {
    response = await send(url, { method: 'POST', headers, body: text, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new Error(`Could not reach ${profile.baseUrl} (${networkReason(error)}): is the emulator running? Start it with \`sigil emulator start\`.`);
  }
  const answerText = await response.text();
  let answer: unknown = answerText;
  try {
    answer = JSON.parse(answerText);
  } catch {
    // Not JSON (a proxy's error page): returned as text.
  }
  const result: CallApiResult = {
    request,
    response: { status: response.status, body: answer },
    ok: response.ok,
    ...(response.ok ? {} : { note: 'The API refused the request: explain_error with response.body says why and whether to retry.' }),
  };
  if (!response.ok || operation.kind !== 'submission' || input.wait === false) return result;
  const activity = (answer as { activity?: { id: string; status: string; organizationId?: string } }).activity;
  if (!activity?.id) return result;
  let final: { status: string } = activity;
  if (!FINAL.has(activity.status)) {
    const client = new SigilClient({ baseUrl: profile.baseUrl, organizationId: profile.organizationId, stamper, fetch: settings.io.fetch });
    final = (await waitForActivity(client, activity, { initialDelayMs: 100, maxDelayMs: 2_000, timeoutMs: settings.waitTimeoutMs ?? 60_000 })).activity;
  }
  const note =
    final.status === 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
      ? 'The activity waits for approvals: approve it with call_api operation "approve_activity" and its fingerprint, or read it with "get_activity".'
      : final.status === 'ACTIVITY_STATUS_FAILED'
        ? 'The activity failed: explain_error with this answer says why and whether to retry.'
        : undefined;
  return { ...result, activity: final, ok: final.status === 'ACTIVITY_STATUS_COMPLETED', ...(note ? { note } : {}) };
}
