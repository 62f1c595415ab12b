import { CliError, UsageError } from './errors.js';
import { emulatorCommand, EMULATOR_USAGE } from './commands/emulator.js';
import { keysCommand, KEYS_USAGE } from './commands/keys.js';
import { requestCommand, REQUEST_USAGE } from './commands/request.js';
import { processIo, type Io } from './io.js';

export const USAGE = `sigil: command-line access to the Sigil API (Programmatic key management)

Commands:
  sigil keys generate --out <file>     create an API key pair
  sigil request --path <p> --body <b>  send a stamped request
  sigil emulator start                 run a local Sigil API for development

${KEYS_USAGE}

${REQUEST_USAGE}

${EMULATOR_USAGE}`;

/** Runs the CLI with `args` (without `node` and the script) and returns the exit code. */
export async function run(args: string[], io: Io = processIo()): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'keys':
        return await keysCommand(rest, io);
      case 'request':
        return await requestCommand(rest, io);
      case 'emulator':
        return await emulatorCommand(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`Unknown command "${command}": run \`sigil --help\``);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`sigil: ${error.message}`);
      return error.exitCode;
    }
    // parseArgs reports unknown or malformed options with these codes.
    const code = (error as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`sigil: ${(error as Error).message.split('\n')[0]} (run \`sigil ${command} --help\`)`);
      return 2;
    }
    io.stderr(`sigil: unexpected error: ${(error as Error).message?.split('\n')[0] ?? String(error)}`);
    return 1;
  }
}
