// The two places a rule's scenario runs: the emulator's Node server over HTTP (`startTestEmulator`), and the
// in-process core (`createEmulator` from `@sigil/emulator`, no node: import) that the browser sandbox runs in a worker.
import { createEmulator } from '@sigil/emulator';
import { inProcessFetch, steppedClock } from './runner.mjs';

/** The in-process core, as the sandbox creates it. */
export function coreTarget() {
  const clock = steppedClock();
  const emulator = createEmulator({ now: clock.now });
  return {
    name: 'in-process core',
    baseUrl: 'http://sandbox.invalid',
    fetch: inProcessFetch(emulator),
    now: clock.now,
    advance: clock.advance,
    bootstrap: (input) => emulator.bootstrap(input),
    close: () => emulator.close(),
  };
}

/** The Node server on a free port of 127.0.0.1. */
export async function nodeTarget() {
  const { startTestEmulator } = await import('@sigil/emulator/testing');
  const clock = steppedClock();
  const server = await startTestEmulator({ now: clock.now });
  return {
    name: 'Node server',
    baseUrl: server.url,
    fetch: globalThis.fetch,
    now: clock.now,
    advance: clock.advance,
    bootstrap: (input) => server.emulator.bootstrap(input),
    close: () => server.close(),
  };
}
