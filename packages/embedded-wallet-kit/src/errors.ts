/** Why a kit component stopped, when the cause is not an error of the Sigil API (those arrive as `SigilError`). */
export type SigilKitErrorReason =
  | 'backend'
  | 'missing-server-function'
  | 'no-session'
  | 'invalid-input'
  | 'invalid-seed-phrase'
  | 'invalid-bundle'
  | 'no-account-on-device'
  | 'oauth';

/**
 * A failure of the kit itself: a `server` function that threw or answered without the fields the kit needs, input
 * the user must correct, a bundle that does not open, or a component used outside a signed-in provider.
 */
export class SigilKitError extends Error {
  readonly reason: SigilKitErrorReason;

  constructor(reason: SigilKitErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SigilKitError';
    this.reason = reason;
  }
}

/** The text a component shows for any failure: the API's code and message when Sigil refused the call. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'number' && error.name !== 'SigilKitError' ? `${error.message} (code ${code})` : error.message;
  }
  return String(error);
}

export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
