/** An error whose message is the one line shown to the user; `exitCode` 2 means bad usage. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}

/**
 * Why a request never got an answer, in a word when the system gave one (`ECONNREFUSED`). The API client wraps
 * fetch's TypeError in its own error, which wraps the socket error, so the useful code can sit several causes deep.
 */
export function networkReason(error: unknown): string {
  let deepestMessage: string | undefined;
  for (let current: unknown = error, depth = 0; current && depth < 8; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code)) return code;
    if (typeof message === 'string' && message) deepestMessage = message;
    current = cause;
  }
  return deepestMessage ?? String(error);
}
