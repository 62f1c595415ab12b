// A read-write session in one call: the flow the pages used to write by hand (target key, one stamped
// create_read_write_session, open the credential bundle, a client that stamps with the session key).
import { ApiKeyStamper } from '@sigil/api-key-stamper';
import { decryptCredentialBundle, generateTargetKeyPair } from './bundles.js';
import { SigilError } from './errors.js';
import { ERROR_CODE } from './generated/error-codes.js';
import type { SigilClient } from './generated/client.js';
import type { Stamper } from './stamper.js';
import type { RequestOptions } from './transport.js';
import type { WaitForActivityOptions } from './wait.js';

/** The default lifetime of a read-write session in the API document (`read-write-session-default-lifetime`). */
const DEFAULT_LIFETIME_SECONDS = 900;

export interface ReadWriteSessionOptions extends Pick<RequestOptions, 'signal'> {
  /** Lifetime in seconds. Default 900 (the API's default). */
  expirationSeconds?: number;
  /** The user the session is for; defaults to the user whose credential stamps the request. */
  userId?: string;
  /** Name of the session's API key; the API names it `Read Write Session - <Timestamp>` by default. */
  apiKeyName?: string;
  /** Revoke the user's earlier session keys. Default false. */
  invalidateExisting?: boolean;
  /** The organization (or sub-organization) of the user; defaults to the client's. */
  organizationId?: string;
  /** Stop using the key this many milliseconds before Sigil does, for clock skew. Default 30000. */
  expiryMarginMs?: number;
  /** Polling, if the activity does not complete in its first answer. */
  wait?: Omit<WaitForActivityOptions, 'organizationId' | 'signal'>;
  /** Clock, in milliseconds since the epoch. Default `Date.now`. */
  now?: () => number;
}

export interface ReadWriteSession {
  /** A client like the one that started the session, stamping with the session key (no prompts). */
  client: SigilClient;
  organizationId: string;
  userId: string;
  /** The session's API key. */
  apiKeyId: string;
  apiPublicKey: string;
  /** When the client stops stamping (the key's expiry less `expiryMarginMs`), in milliseconds since the epoch. */
  expiresAtMs: number;
  /** Whether the session can still stamp. */
  readonly active: boolean;
  /** Forgets the session key: the client refuses every later call. Call it on sign-out. */
  end(): void;
}

/**
 * Creates a read-write session with `client`'s credential (one prompt on a passkey client), opens its
 * credential bundle in memory, and returns a client that stamps with the session key until it expires.
 * The key is held in a closure only: nothing is written to any storage. After expiry or `end()`, calls
 * fail with `SigilError` UNAUTHENTICATED before anything is sent.
 */
export async function startReadWriteSession(client: SigilClient, options: ReadWriteSessionOptions = {}): Promise<ReadWriteSession> {
  const now = options.now ?? Date.now;
  const lifetimeSeconds = options.expirationSeconds ?? DEFAULT_LIFETIME_SECONDS;
  if (!Number.isInteger(lifetimeSeconds) || lifetimeSeconds <= 0) {
    throw new TypeError(`expirationSeconds must be a positive whole number of seconds (got ${lifetimeSeconds})`);
  }
  const target = generateTargetKeyPair();
  const organizationId = options.organizationId ?? client.organizationId;
  const startedAtMs = now();
  const { outcome, activity } = await client.createReadWriteSession(
    {
      targetPublicKey: target.targetPublicKey,
      expirationSeconds: String(lifetimeSeconds),
      ...(options.userId ? { userId: options.userId } : {}),
      ...(options.apiKeyName ? { apiKeyName: options.apiKeyName } : {}),
      ...(options.invalidateExisting ? { invalidateExisting: true } : {}),
    },
    { organizationId, wait: options.wait ?? true, ...(options.signal ? { signal: options.signal } : {}) },
  );
  const result = activity.result.createReadWriteSessionResultV2;
  if (outcome !== 'COMPLETED' || !result) {
    const reason = activity.failure ? `: code ${activity.failure.code}, ${activity.failure.message}` : '';
    throw new Error(`create_read_write_session ended ${outcome}${reason}`);
  }
  const credential = await decryptCredentialBundle(result.credentialBundle, target.privateKey);

  const expiresAtMs = startedAtMs + lifetimeSeconds * 1000 - (options.expiryMarginMs ?? 30_000);
  let key: ApiKeyStamper | undefined = new ApiKeyStamper({ apiPublicKey: credential.apiPublicKey, apiPrivateKey: credential.apiPrivateKey });
  const isActive = (): boolean => {
    if (key && now() >= expiresAtMs) key = undefined;
    return key !== undefined;
  };
  const stamper: Stamper = {
    stamp(body) {
      if (!isActive()) {
        return Promise.reject(
          new SigilError({
            status: undefined,
            code: ERROR_CODE.UNAUTHENTICATED,
            path: '',
            details: [],
            message: `The read-write session ${now() >= expiresAtMs ? `expired at ${new Date(expiresAtMs).toISOString()}` : 'was ended'}; start a new one`,
          }),
        );
      }
      return key!.stamp(body);
    },
  };
  return {
    client: client.withOptions({ stamper, organizationId, readOnlySession: undefined }),
    organizationId: result.organizationId,
    userId: result.userId,
    apiKeyId: result.apiKeyId,
    apiPublicKey: credential.apiPublicKey,
    expiresAtMs,
    get active() {
      return isActive();
    },
    end() {
      key = undefined;
    },
  };
}
