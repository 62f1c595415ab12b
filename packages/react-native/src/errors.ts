/** Why a passkey ceremony failed. */
export type PasskeyErrorReason = 'canceled' | 'no-credentials' | 'domain-not-associated' | 'not-supported' | 'unknown';

/** The system's passkey sheet failed or was dismissed; `reason` says why, `cause` holds the native module's error. */
export class PasskeyError extends Error {
  readonly reason: PasskeyErrorReason;

  constructor(reason: PasskeyErrorReason, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PasskeyError';
    this.reason = reason;
  }
}

// react-native-passkey rejects with `{error, message}`, `error` being the name of its native error code.
const REASON_BY_NATIVE_ERROR: Record<string, PasskeyErrorReason> = {
  UserCancelled: 'canceled',
  NoCredentials: 'no-credentials',
  BadConfiguration: 'domain-not-associated',
  NotSupported: 'not-supported',
  NoCreateOption: 'not-supported',
};

/** Maps whatever the native module threw to a `PasskeyError`. */
export function toPasskeyError(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const { error: code, message } = (typeof error === 'object' && error !== null ? error : {}) as { error?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message : error instanceof Error ? error.message : String(error);
  let reason = typeof code === 'string' ? REASON_BY_NATIVE_ERROR[code] : undefined;
  // iOS reports a missing associated domain as a failed request whose message names the relying party.
  if (!reason && /rp ?id|associated domain|not associated with|asset ?links|digital asset/i.test(text)) reason = 'domain-not-associated';
  return new PasskeyError(reason ?? 'unknown', text, { cause: error });
}

/** Why a `SecureSessionStore` could not do what was asked. */
export type SessionStoreErrorReason = 'no-target-key' | 'no-session' | 'storage-failed';

/**
 * A `SecureSessionStore` has no target key to open a bundle with (`'no-target-key'`), no unexpired session to
 * stamp with (`'no-session'`), or the platform store refused to save (`'storage-failed'`).
 */
export class SessionStoreError extends Error {
  readonly reason: SessionStoreErrorReason;

  constructor(reason: SessionStoreErrorReason, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SessionStoreError';
    this.reason = reason;
  }
}
