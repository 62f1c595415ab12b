// A fake Sigil API on 127.0.0.1 for tests and documentation examples. Node only.
// It verifies every stamp it receives (with node:crypto, independently of the SDK's signing code)
// and answers with Status errors the way the real API does.
import { createHash, createPublicKey, ECDH, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as received. */
  body: string;
  /** The parsed body, or undefined if it was not JSON. */
  json: unknown;
  /** Which stamp authenticated the request, if one verified. */
  stampedBy?: { kind: 'api-key'; publicKey: string } | { kind: 'passkey'; credentialId: string };
  /** HTTP status the server answered with. */
  status: number;
}

export interface TestPasskey {
  /** base64url credential ID. */
  credentialId: string;
  /** The credential's public key as SPKI DER, base64url (what `AuthenticatorAttestationResponse.getPublicKey()` returns). */
  publicKeySpki: string;
}

export interface TestServerOptions {
  /** The one organization the server knows. Default `11111111-2222-4333-8444-555555555555`. */
  organizationId?: string;
  /** Accept only API keys with these compressed public keys (hex). Default: any key whose stamp verifies. */
  apiPublicKeys?: string[];
  /** Passkeys whose `X-Stamp-WebAuthn` stamps are accepted. */
  passkeys?: TestPasskey[];
  /** How many `get_activity` polls an asynchronous activity stays PENDING for. Default 1. */
  pendingPolls?: number;
}

export interface TestServer {
  /** Base URL, e.g. `http://127.0.0.1:54321`. */
  url: string;
  organizationId: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Lets later tests accept a passkey registered after the server started. */
  addPasskey(passkey: TestPasskey): void;
  close(): Promise<void>;
}

interface Status {
  code: number;
  message: string;
  details: unknown[];
}

class ApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
  toStatus(): Status {
    return { code: this.code, message: this.message, details: [] };
  }
}

const SCHEME = 'SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256';
const sha256 = (data: string | Buffer): Buffer => createHash('sha256').update(data).digest();
const hex = (data: string): string => sha256(data).toString('hex');

/**
 * RFC 8785 canonical JSON for the values a parsed request body can hold: JSON.stringify already writes
 * strings and finite numbers the way RFC 8785 asks, so only member order (by UTF-16 code units) and
 * whitespace need handling.
 */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value as Record<string, unknown>).filter(([, member]) => member !== undefined);
    members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([name, member]) => `${JSON.stringify(name)}:${canonicalJson(member)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Activity.fingerprint as the API document defines it. */
const fingerprint = (activity: { id: string; organizationId: string; type: string; intent: unknown }): string =>
  `sha256:${hex(canonicalJson({ id: activity.id, organizationId: activity.organizationId, type: activity.type, intent: activity.intent }))}`;

function apiKeyFromCompressed(compressedHex: string): KeyObject {
  const point = ECDH.convertKey(compressedHex, 'prime256v1', 'hex', undefined, 'uncompressed') as Buffer;
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  });
}

function verifyApiKeyStamp(body: string, header: string, allowed: string[] | undefined): string {
  let stamp: Record<string, unknown>;
  try {
    stamp = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new ApiError(401, 16, 'X-Stamp is not base64url-encoded JSON');
  }
  const { publicKey, scheme, signature } = stamp;
  if (scheme !== SCHEME) throw new ApiError(401, 16, `X-Stamp scheme must be ${SCHEME}`);
  if (typeof publicKey !== 'string' || !/^0[23][0-9a-f]{64}$/.test(publicKey)) {
    throw new ApiError(401, 16, 'X-Stamp publicKey must be a compressed P-256 public key in lowercase hex');
  }
  if (typeof signature !== 'string' || !/^[0-9a-f]+$/.test(signature)) throw new ApiError(401, 16, 'X-Stamp signature must be lowercase hex');
  let ok = false;
  try {
    ok = verify('sha256', Buffer.from(body, 'utf8'), apiKeyFromCompressed(publicKey), Buffer.from(signature, 'hex'));
  } catch {
    ok = false;
  }
  if (!ok) throw new ApiError(401, 16, 'X-Stamp signature does not match the request body');
  if (allowed && !allowed.includes(publicKey)) throw new ApiError(401, 16, `API key ${publicKey} is not registered`);
  return publicKey;
}

function verifyPasskeyStamp(body: string, header: string, passkeys: TestPasskey[]): string {
  let stamp: Record<string, unknown>;
  try {
    stamp = JSON.parse(header) as Record<string, unknown>;
  } catch {
    throw new ApiError(401, 16, 'X-Stamp-WebAuthn is not JSON');
  }
  const { credentialId, authenticatorData, clientDataJson, signature } = stamp;
  if ([credentialId, authenticatorData, clientDataJson, signature].some((v) => typeof v !== 'string')) {
    throw new ApiError(401, 16, 'X-Stamp-WebAuthn needs credentialId, authenticatorData, clientDataJson and signature');
  }
  const passkey = passkeys.find((p) => p.credentialId === credentialId);
  if (!passkey) throw new ApiError(401, 16, `Passkey ${String(credentialId)} is not registered`);
  const clientDataBytes = Buffer.from(clientDataJson as string, 'base64url');
  const clientData = JSON.parse(clientDataBytes.toString('utf8')) as { type?: string; challenge?: string };
  if (clientData.type !== 'webauthn.get') throw new ApiError(401, 16, 'X-Stamp-WebAuthn clientData type must be webauthn.get');
  if (clientData.challenge !== sha256(body).toString('base64url')) {
    throw new ApiError(401, 16, 'X-Stamp-WebAuthn challenge is not the SHA-256 of the request body');
  }
  const key = createPublicKey({ key: Buffer.from(passkey.publicKeySpki, 'base64url'), format: 'der', type: 'spki' });
  const signed = Buffer.concat([Buffer.from(authenticatorData as string, 'base64url'), sha256(clientDataBytes)]);
  if (!verify('sha256', signed, key, Buffer.from(signature as string, 'base64url'))) {
    throw new ApiError(401, 16, 'X-Stamp-WebAuthn signature does not verify');
  }
  return credentialId as string;
}

interface StoredActivity {
  activity: Record<string, unknown>;
  pollsLeft: number;
  finalResult: Record<string, unknown>;
}

function timestamp(): { seconds: string; nanos: string } {
  const ms = Date.now();
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1_000_000) };
}

/** `ACTIVITY_TYPE_CREATE_WALLET` -> `createWallet`. */
function intentName(activityType: string): string {
  return activityType
    .replace(/^ACTIVITY_TYPE_/, '')
    .toLowerCase()
    .replace(/_v\d+$/, '')
    .replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

const SUBMISSIONS: Record<string, { type: string; async: boolean; result(params: Record<string, unknown>, id: string): Record<string, unknown> }> = {
  create_wallet: {
    type: 'ACTIVITY_TYPE_CREATE_WALLET',
    async: true,
    result: (params, id) => ({
      walletId: `wallet-${id.slice(0, 8)}`,
      addresses: (Array.isArray(params.accounts) ? params.accounts : []).map(
        (_, index) => `0x${hex(`${id}/${index}`).slice(0, 40)}`,
      ),
    }),
  },
  sign_raw_payload: {
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD',
    async: false,
    // Not a real signature: stable stand-in values of the right shape.
    result: (params) => ({ r: hex(`r:${String(params.payload)}`), s: hex(`s:${String(params.payload)}`), v: '00' }),
  },
};

/** Starts the fake API on 127.0.0.1 (a random free port). Call `close()` when done. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const organizationId = options.organizationId ?? '11111111-2222-4333-8444-555555555555';
  const passkeys = [...(options.passkeys ?? [])];
  const pendingPolls = options.pendingPolls ?? 1;
  const requests: RecordedRequest[] = [];
  const activities = new Map<string, StoredActivity>();
  let counter = 0;

  function requireOrganization(value: unknown): void {
    if (typeof value !== 'string' || value === '') throw new ApiError(400, 3, 'organizationId is required');
    if (value !== organizationId) throw new ApiError(404, 5, `organization ${value} not found`);
  }

  function handleQuery(name: string, json: Record<string, unknown>): unknown {
    requireOrganization(json.organizationId);
    switch (name) {
      case 'whoami':
        return { organizationId, organizationName: 'Test Organization', userId: 'test-user-id', username: 'test-user' };
      case 'get_activity': {
        const stored = typeof json.activityId === 'string' ? activities.get(json.activityId) : undefined;
        if (!stored) throw new ApiError(404, 5, `activity ${String(json.activityId)} not found`);
        if (stored.activity.status === 'ACTIVITY_STATUS_PENDING') {
          if (stored.pollsLeft > 0) stored.pollsLeft--;
          else {
            stored.activity.status = 'ACTIVITY_STATUS_COMPLETED';
            stored.activity.result = stored.finalResult;
            stored.activity.updatedAt = timestamp();
          }
        }
        return { activity: stored.activity };
      }
      default:
        throw new ApiError(501, 12, `the test server does not implement query ${name}`);
    }
  }

  function handleSubmission(name: string, json: Record<string, unknown>): unknown {
    const spec = SUBMISSIONS[name];
    if (!spec) throw new ApiError(501, 12, `the test server does not implement submission ${name}`);
    const { type, timestampMs, parameters } = json;
    if (type !== spec.type) throw new ApiError(400, 3, `type must be ${spec.type} for ${name}`);
    if (typeof timestampMs !== 'string' || !/^[0-9]+$/.test(timestampMs)) {
      throw new ApiError(400, 3, 'timestampMs must be a string of milliseconds since the epoch');
    }
    requireOrganization(json.organizationId);
    if (typeof parameters !== 'object' || parameters === null) throw new ApiError(400, 3, 'parameters must be an object');
    const id = `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
    const intent = intentName(type);
    const finalResult = { [`${intent}Result`]: spec.result(parameters as Record<string, unknown>, id) };
    const now = timestamp();
    const activity: Record<string, unknown> = {
      id,
      organizationId,
      status: spec.async ? 'ACTIVITY_STATUS_PENDING' : 'ACTIVITY_STATUS_COMPLETED',
      type,
      intent: { [`${intent}Intent`]: parameters },
      result: spec.async ? {} : finalResult,
      votes: [],
      fingerprint: fingerprint({ id, organizationId, type, intent: { [`${intent}Intent`]: parameters } }),
      canApprove: false,
      canReject: false,
      createdAt: now,
      updatedAt: now,
    };
    activities.set(id, { activity, pollsLeft: pendingPolls, finalResult });
    return { activity };
  }

  function handle(path: string, headers: IncomingHttpHeaders, body: string, record: RecordedRequest): unknown {
    const stamp = headers['x-stamp'];
    const passkeyStamp = headers['x-stamp-webauthn'];
    if (typeof stamp === 'string') {
      record.stampedBy = { kind: 'api-key', publicKey: verifyApiKeyStamp(body, stamp, options.apiPublicKeys) };
    } else if (typeof passkeyStamp === 'string') {
      record.stampedBy = { kind: 'passkey', credentialId: verifyPasskeyStamp(body, passkeyStamp, passkeys) };
    } else {
      throw new ApiError(401, 16, 'missing X-Stamp or X-Stamp-WebAuthn header');
    }
    if (typeof record.json !== 'object' || record.json === null || Array.isArray(record.json)) {
      throw new ApiError(400, 3, 'the request body must be a JSON object');
    }
    const json = record.json as Record<string, unknown>;
    const query = /^\/public\/v1\/query\/([a-z_]+)$/.exec(path);
    if (query) return handleQuery(query[1]!, json);
    const submit = /^\/public\/v1\/submit\/([a-z_]+)$/.exec(path);
    if (submit) return handleSubmission(submit[1]!, json);
    throw new ApiError(404, 5, `no such path ${path}`);
  }

  const server = createServer((req, res) => {
    // Browser tests call the server from another origin.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, X-Stamp, X-Stamp-WebAuthn');
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const record: RecordedRequest = { path, headers: req.headers, body, json, status: 200 };
      requests.push(record);
      let status = 200;
      let answer: unknown;
      try {
        if (req.method !== 'POST') throw new ApiError(405, 12, 'Sigil calls are POST');
        answer = handle(path, req.headers, body, record);
      } catch (error) {
        const apiError = error instanceof ApiError ? error : new ApiError(500, 13, (error as Error).message);
        status = apiError.httpStatus;
        answer = apiError.toStatus();
      }
      record.status = status;
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    organizationId,
    requests,
    addPasskey: (passkey) => passkeys.push(passkey),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
