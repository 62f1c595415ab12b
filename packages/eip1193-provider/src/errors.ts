// EIP-1193's ProviderRpcError and the mapping from what failed (Sigil, the chain's RPC, a passkey prompt) to its codes.
import { ActivityTimeoutError, SigilRequestError } from '@sigil/http';
import { SigilActivityError } from '@sigil/viem';
import { BaseError } from 'viem';

/** The codes this provider answers with: EIP-1193's, EIP-3326's 4902 and JSON-RPC's. */
export const RPC_ERRORS = {
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  DISCONNECTED: 4900,
  CHAIN_DISCONNECTED: 4901,
  UNRECOGNIZED_CHAIN: 4902,
  INVALID_PARAMS: -32602,
  INTERNAL: -32603,
} as const;

/** An EIP-1193 error: `code` says what kind; `data.cause` holds what caused it (a Sigil error, the node's answer). */
export class ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: { cause?: unknown };

  constructor(code: number, message: string, data?: { cause?: unknown }) {
    super(message);
    this.name = 'ProviderRpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

const isSigilError = (e: unknown): boolean =>
  e instanceof SigilRequestError || e instanceof SigilActivityError || e instanceof ActivityTimeoutError || e instanceof ProviderRpcError;

/** A WebAuthn prompt the user dismissed or that timed out (a DOMException in browsers). */
const isDismissedPrompt = (e: unknown): boolean => e instanceof Error && e.name === 'NotAllowedError';

/** Any failure as the ProviderRpcError a dapp expects. viem's own errors are searched for the cause they wrap. */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  const cause = error instanceof BaseError ? (error.walk(isSigilError) ?? error) : error;
  if (cause instanceof ProviderRpcError) return cause;
  if (cause instanceof SigilActivityError) {
    if (cause.outcome === 'REJECTED') return new ProviderRpcError(RPC_ERRORS.USER_REJECTED, `User rejected the request: ${cause.message}`, { cause });
    return new ProviderRpcError(RPC_ERRORS.INTERNAL, cause.message, { cause });
  }
  if (cause instanceof SigilRequestError) {
    if (cause.code === 7 || cause.code === 16) return new ProviderRpcError(RPC_ERRORS.UNAUTHORIZED, `Unauthorized: ${cause.message}`, { cause });
    return new ProviderRpcError(RPC_ERRORS.INTERNAL, cause.message, { cause });
  }
  if (isDismissedPrompt(cause)) return new ProviderRpcError(RPC_ERRORS.USER_REJECTED, 'User rejected the request: the passkey prompt was dismissed', { cause });
  return new ProviderRpcError(RPC_ERRORS.INTERNAL, cause instanceof Error ? cause.message : String(cause), { cause });
}

export const invalidParams = (message: string): ProviderRpcError => new ProviderRpcError(RPC_ERRORS.INVALID_PARAMS, `Invalid params: ${message}`);
