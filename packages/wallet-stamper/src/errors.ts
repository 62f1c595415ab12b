/** Why a wallet produced no signature. */
export type WalletStamperErrorReason = 'rejected' | 'no-account' | 'wallet-error';

/**
 * The wallet refused or failed to sign, or no account is connected. `cause` holds the wallet's own
 * error when there was one.
 */
export class WalletStamperError extends Error {
  readonly reason: WalletStamperErrorReason;

  constructor(reason: WalletStamperErrorReason, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'WalletStamperError';
    this.reason = reason;
  }
}

/**
 * Wallets say "the user said no" in different ways: EIP-1193 and most Solana wallets use code 4001,
 * the Solana wallet adapter wraps it in an error whose `error` holds the wallet's original, and others
 * only say so in the message. Anything else is a wallet failure, not a refusal.
 */
export function isUserRejection(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, name, message } = current as { code?: unknown; name?: unknown; message?: unknown };
    if (code === 4001 || code === 'ACTION_REJECTED') return true;
    if (typeof name === 'string' && /reject|cancel/i.test(name)) return true;
    if (typeof message === 'string' && /user (rejected|denied|declined|cancell?ed)|rejected the request|request rejected/i.test(message)) return true;
    current = (current as { error?: unknown; cause?: unknown }).error ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Wraps whatever a wallet threw as a `WalletStamperError` with the reason it amounts to. */
export function toWalletStamperError(error: unknown, action: string): WalletStamperError {
  if (error instanceof WalletStamperError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return isUserRejection(error)
    ? new WalletStamperError('rejected', `The user rejected the wallet's request to ${action}: ${detail}`, { cause: error })
    : new WalletStamperError('wallet-error', `The wallet failed to ${action}: ${detail}`, { cause: error });
}
