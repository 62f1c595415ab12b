import { CliError, UsageError } from './errors.js';
import { EMULATOR_USAGE } from './commands/emulator-usage.js';
import { keysCommand, KEYS_USAGE } from './commands/keys.js';
import { mcpCommand, MCP_USAGE } from './commands/mcp.js';
import { requestCommand, REQUEST_USAGE } from './commands/request.js';
import { processIo, type Io } from './io.js';
import { API_GROUPS, groupUsage, runApiCommand } from './api/command.js';
import { VERSION } from './version.js';

const groupWidth = Math.max(...API_GROUPS.map((group) => group.name.length));

export const USAGE = `sigil: command-line access to the Sigil API (Programmatic key management)

Usage: sigil <command> [options]; sigil <command> --help; sigil --version

Commands:
  sigil keys generate --out <file>     create an API key pair
  sigil request --path <p> --body <b>  send a stamped request
  sigil emulator start                 run a local Sigil API for development
  sigil mcp                            run the MCP server for AI coding assistants (stdio)

API commands, one per operation of the API document (\`sigil <group> --help\` lists them):
${API_GROUPS.map((group) => `  sigil ${group.name.padEnd(groupWidth)} <command>  ${group.commands.map((command) => command.name).join(', ')}`).join('\n')}

${KEYS_USAGE}

${REQUEST_USAGE}

${EMULATOR_USAGE}

${MCP_USAGE}`;

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
        // The emulator (its core, validators and keys) loads only for this command: every other one starts without it.
        return await (await import('./commands/emulator.js')).emulatorCommand(rest, io);
      case 'mcp':
        return await mcpCommand(rest, io);
      case '--version':
      case '-v':
        io.stdout(VERSION);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return command === undefined ? 2 : 0;
      default: {
        const group = API_GROUPS.find((candidate) => candidate.name === command);
        if (!group) throw new UsageError(`Unknown command "${command}": run \`sigil --help\``);
        const [name, ...options] = rest;
        if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
          io.stdout(groupUsage(group));
          return name === undefined ? 2 : 0;
        }
        const apiCommand = group.commands.find((candidate) => candidate.name === name);
        if (!apiCommand) throw new UsageError(`Unknown command "${command} ${name}": run \`sigil ${command} --help\``);
        return await runApiCommand(apiCommand, options, io);
      }
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
