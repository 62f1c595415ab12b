import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import {
  DataDir,
  DEFAULT_PORT,
  isEmulatorState,
  readStateFile,
  startEmulatorServer,
  writeStateFile,
} from '@sigil/emulator/node';
import { CliError, UsageError } from '../errors.js';
import { writeProfileFields } from '../key-file.js';
import type { Io } from '../io.js';
import { outboxCommand } from './emulator-outbox.js';
import { DEFAULT_EMULATOR_URL, DEFAULT_FRAMES_PORT, EMULATOR_USAGE } from './emulator-usage.js';
import { parseOptions } from '../options.js';

/** The dist/frames directory of the installed @sigil/iframe-stamper. */
function framesDirectory(): string {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@sigil/iframe-stamper/package.json')), 'dist', 'frames');
  } catch {
    throw new CliError('--frames needs @sigil/iframe-stamper installed next to the CLI (npm install @sigil/iframe-stamper)');
  }
}



/** How the banner's example should run this CLI: the way it was started, when that was a path to bin.js. */
function cliCommand(): string {
  const script = process.argv[1];
  if (script && basename(script) === 'bin.js') return `node ${relative(process.cwd(), script) || script}`;
  return 'sigil';
}

function parsePendingPolls(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^\d+$/.test(value) || Number(value) > 1000) throw new UsageError(`--pending-polls must be a whole number from 0 to 1000 (got "${value}")`);
  return Number(value);
}

function parsePort(value: string | undefined, fallback = DEFAULT_PORT, flag = '--port'): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new UsageError(`${flag} must be a whole number from 0 to 65535 (got "${value}")`);
  return port;
}

/**
 * Resolves when the user stops the emulator: the Io's signal in tests and embedders, else Ctrl-C or SIGTERM.
 * Listening starts before the server does, so a signal that arrives right after the banner is not missed.
 */
function whenStopped(io: Io): { stopped: Promise<string>; dispose: () => void } {
  if (io.stopSignal) {
    const signal = io.stopSignal;
    const stopped = new Promise<string>((resolve) => {
      if (signal.aborted) resolve('stop requested');
      else signal.addEventListener('abort', () => resolve('stop requested'), { once: true });
    });
    return { stopped, dispose: () => undefined };
  }
  let onSignal: (name: NodeJS.Signals) => void = () => undefined;
  const dispose = (): void => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const stopped = new Promise<string>((resolve) => {
    onSignal = (name) => {
      dispose();
      resolve(name);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
  return { stopped, dispose };
}

async function start(args: string[], io: Io): Promise<number> {
  const { values } = parseOptions('sigil emulator start', args, {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      data: { type: 'string' },
      import: { type: 'string' },
      export: { type: 'string' },
      'key-file': { type: 'string' },
      'pending-polls': { type: 'string' },
      frames: { type: 'boolean' },
      'frames-port': { type: 'string' },
      'no-rate-limit': { type: 'boolean' },
      'accept-data-loss': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
  if (values.help) {
    io.stdout(EMULATOR_USAGE);
    return 0;
  }
  for (const name of ['data', 'import', 'export', 'key-file', 'host'] as const) {
    if (values[name] === '') throw new UsageError(`--${name} needs a value`);
  }
  const port = parsePort(values.port);
  const pendingPolls = parsePendingPolls(values['pending-polls']);
  if (values['frames-port'] !== undefined && !values.frames) throw new UsageError('--frames-port goes with --frames');
  const frames = values.frames ? { dir: framesDirectory(), port: parsePort(values['frames-port'], DEFAULT_FRAMES_PORT, '--frames-port') } : undefined;
  const { stopped, dispose } = whenStopped(io);
  let server;
  try {
    server = await startEmulatorServer({
      port,
      host: values.host,
      dataDir: values.data,
      importFile: values.import,
      exportFile: values.export,
      keyFile: values['key-file'],
      pendingPolls,
      frames,
      rateLimit: values['no-rate-limit'] !== true,
      acceptDataLoss: values['accept-data-loss'] === true,
      log: (line) => io.stdout(line),
      cliCommand: cliCommand(),
    });
  } catch (error) {
    dispose();
    // Every start failure (port in use, unusable --data or --import) is the user's to fix; say it in one line.
    throw new CliError((error as Error).message);
  }
  // The key file becomes the default profile of the API commands (`sigil wallets list` with no flag).
  if (server.access && 'userId' in server.access) {
    await writeProfileFields(server.access.keyFile, { organizationId: server.access.organizationId, baseUrl: server.url });
    io.stdout(`API commands (\`${cliCommand()} wallets list\`) run here by default: ${server.access.keyFile} now names this organization and URL.`);
  }
  const reason = await stopped;
  io.stdout(`Stopping (${reason})…`);
  await server.close();
  const kept = [values.data ? `state kept in ${server.dataDir}` : undefined, values.export ? `state exported to ${values.export}` : undefined].filter(Boolean);
  io.stdout(`Stopped${kept.length > 0 ? `; ${kept.join('; ')}` : ''}.`);
  return 0;
}

async function exportState(args: string[], io: Io): Promise<number> {
  const { values } = parseOptions('sigil emulator export', args, { out: { type: 'string', short: 'o' }, url: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(EMULATOR_USAGE);
    return 0;
  }
  if (!values.out) throw new UsageError('Missing --out <file>: say where to write the state, e.g. --out emulator-state.json');
  const base = (values.url ?? io.env.SIGIL_BASE_URL ?? DEFAULT_EMULATOR_URL).replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(`${base}/emulator/v1/state`);
  } catch {
    throw new UsageError(`Invalid --url "${base}": use the emulator's base URL, e.g. ${DEFAULT_EMULATOR_URL}`);
  }
  let response: Response;
  try {
    response = await io.fetch(url, { signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    const { cause } = error as { cause?: { code?: string; message?: string } };
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new CliError(`Could not reach the emulator at ${url.origin} (${reason}): start it with \`sigil emulator start\` or pass --url`);
  }
  const text = await response.text();
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch {
    state = undefined;
  }
  if (!response.ok || !isEmulatorState(state)) {
    throw new CliError(`${url.origin} answered HTTP ${response.status} without an emulator state: is it a Sigil emulator?`);
  }
  await writeStateFile(values.out, state).catch((error: NodeJS.ErrnoException) => {
    throw new CliError(`Cannot write ${values.out} (${error.code ?? error.message}): check the path and its permissions`);
  });
  const records = Object.values(state.collections).reduce((sum, entries) => sum + entries.length, 0);
  io.stdout(`Wrote ${records} records to ${values.out}`);
  return 0;
}

async function importState(args: string[], io: Io): Promise<number> {
  const { values } = parseOptions('sigil emulator import', args, { file: { type: 'string', short: 'f' }, data: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(EMULATOR_USAGE);
    return 0;
  }
  if (!values.file) throw new UsageError('Missing --file <file>: the state file to load (written by --export or `sigil emulator export`)');
  if (!values.data) throw new UsageError('Missing --data <dir>: the data directory to load it into (new or empty)');
  let state;
  try {
    state = await readStateFile(values.file);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  let opened;
  try {
    opened = await DataDir.open(values.data);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  const { dataDir, recovered } = opened;
  try {
    if (recovered.snapshot || recovered.records.length > 0) {
      throw new CliError(`--data ${values.data} already holds a state: import into a new or empty directory`);
    }
    const loaded = state;
    dataDir.setStateSource(() => loaded);
    await dataDir.snapshot();
  } finally {
    await dataDir.close();
  }
  io.stdout(`Loaded ${values.file} into ${values.data}; start it with \`sigil emulator start --data ${values.data}\``);
  return 0;
}

export async function emulatorCommand(args: string[], io: Io): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'start':
      return start(rest, io);
    case 'export':
      return exportState(rest, io);
    case 'import':
      return importState(rest, io);
    case 'outbox':
      return outboxCommand(rest, io);
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      io.stdout(EMULATOR_USAGE);
      return sub === undefined ? 2 : 0;
    default:
      throw new UsageError(`Unknown command "emulator ${sub}": run \`sigil emulator --help\``);
  }
}
