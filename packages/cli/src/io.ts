/** Where the CLI writes and reads its environment; injectable so tests and embedders can capture it. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  /** Stops long-running commands (`sigil emulator start`) when aborted; without it they stop on SIGINT or SIGTERM. */
  stopSignal?: AbortSignal;
}

export function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text + '\n'),
    stderr: (text) => process.stderr.write(text + '\n'),
    env: process.env,
    fetch: globalThis.fetch,
  };
}
