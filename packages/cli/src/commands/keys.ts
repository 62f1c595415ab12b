import { UsageError } from '../errors.js';
import { writeNewKeyFile } from '../key-file.js';
import type { Io } from '../io.js';
import { parseOptions } from '../options.js';

export const KEYS_USAGE = `Usage: sigil keys generate --out <file> [--force]

Creates a P-256 API key pair, writes {"publicKey","privateKey"} to <file> with mode 0600,
and prints the public key. Register the public key with your Sigil user before using it.`;

export async function keysCommand(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout(KEYS_USAGE);
    return sub === undefined ? 2 : 0;
  }
  if (sub !== 'generate') throw new UsageError(`Unknown command "keys ${sub}": run \`sigil keys --help\``);
  const { values } = parseOptions('sigil keys generate', rest, { out: { type: 'string', short: 'o' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(KEYS_USAGE);
    return 0;
  }
  if (!values.out) throw new UsageError('Missing --out <file>: say where to write the key pair, e.g. `sigil keys generate --out api-key.json`');
  const pair = await writeNewKeyFile(values.out, values.force ?? false);
  io.stdout(pair.publicKey);
  return 0;
}
