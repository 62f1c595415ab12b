// The emulator command's usage text and defaults, apart from the command itself: `sigil --help` prints it, and the
// command loads the emulator (main.ts imports it only when `sigil emulator` runs).
import { DEFAULT_HOST, DEFAULT_PORT } from '@sigil/emulator/defaults';
import { OUTBOX_USAGE } from './emulator-outbox.js';

export const DEFAULT_FRAMES_PORT = DEFAULT_PORT + 1;

export const DEFAULT_EMULATOR_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;

export const EMULATOR_USAGE = `Usage: sigil emulator <start|export|import|outbox> [options]

Runs a local, stateful Sigil API for development: real stamps, policies and activities.
It is a development tool: the keys it holds have none of the protection the platform's
enclaves give keys. Never use it with real funds or production keys.

sigil emulator start [options]
  --port <n>            port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host <address>      address to listen on (default ${DEFAULT_HOST})
  --data <dir>          keep the state in <dir> (an append-only log plus snapshots) and
                        restore it on the next start; without it the state is in memory only
  --import <file>       start from a state file written by --export (empty state only)
  --export <file>       write the whole state to <file> when the emulator stops (Ctrl-C)
  --key-file <file>     the root user's API key file (default <dir>/root-api-key.json with
                        --data, else ./.sigil-emulator/root-api-key.json); reused if it exists
  --pending-polls <n>   keep each new activity in ACTIVITY_STATUS_PENDING for <n> get_activity
                        reads before it runs, to test clients that poll (default 0: activities
                        complete before the response)
  --frames              also serve the iframe stamper's sign-in and export frames (the static
                        pages @sigil/iframe-stamper ships) on their own port, and print their URLs
  --frames-port <n>     the frames' port (default ${DEFAULT_FRAMES_PORT}; 0 picks a free one)
  --accept-data-loss    start even if --data <dir> lost acknowledged changes (a log cut
                        short, a deleted snapshot), from what is left; without it such a
                        directory is refused
  --no-rate-limit       do not enforce the limit of 60 requests per second per organization
                        (code 8); for load tests only

sigil emulator export --out <file> [--url <url>]
  Saves the state of a running emulator to <file>.
  --url <url>           the emulator (default $SIGIL_BASE_URL or ${DEFAULT_EMULATOR_URL})

sigil emulator import --file <file> --data <dir>
  Loads a state file into a new or empty data directory, for \`sigil emulator start --data <dir>\`.

${OUTBOX_USAGE}`;
