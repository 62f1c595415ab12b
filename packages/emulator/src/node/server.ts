// startEmulatorServer: the core behind node:http, with optional persistence (--data), import and export.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { createEmulator } from '../core/emulator.js';
import type { Emulator, EmulatorState } from '../core/types.js';
import { formatBanner } from './banner.js';
import { startFramesServer, type FramesServer } from './frames-server.js';
import { DataDir } from './data-dir.js';
import { createRequestListener, type Exchange } from './http-adapter.js';
import { ensureRootAccess, type RootAccess, type UnmatchedOrganizations } from './root-access.js';
import { readStateFile, writeStateFile } from './state-file.js';

import { DEFAULT_HOST, DEFAULT_KEY_DIRECTORY, DEFAULT_PORT, KEY_FILE_NAME } from './defaults.js';

export { DEFAULT_HOST, DEFAULT_KEY_DIRECTORY, DEFAULT_PORT, KEY_FILE_NAME };
/** How long close() lets requests in flight finish before cutting their connections. */
const CLOSE_GRACE_MS = 5000;

export class EmulatorStartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmulatorStartError';
  }
}

export interface EmulatorServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 8787; 0 picks a free port. */
  port?: number;
  /** Keep the state in this directory (append-only log plus snapshots); default: in memory only. */
  dataDir?: string;
  /** Start from a state file written by --export (only into an empty state). */
  importFile?: string;
  /** Write the whole state to this file when the server closes. */
  exportFile?: string;
  /** The root API key file; default `<dataDir>/root-api-key.json`, or `./.sigil-emulator/root-api-key.json`. */
  keyFile?: string;
  /** Create an organization and key on an empty state (default true). */
  bootstrap?: boolean;
  organizationName?: string;
  userName?: string;
  /** Where the banner and notices go; default stdout. */
  log?: (line: string) => void;
  /** How the banner's example runs the CLI. Default `sigil`. */
  cliCommand?: string;
  maxBodyBytes?: number;
  /** Start from what is left of a --data directory that lost acknowledged changes, instead of refusing it. */
  acceptDataLoss?: boolean;
  /** Snapshot once the change log reaches this size. */
  snapshotAfterBytes?: number;
  /** Clock for the core (tests). */
  now?: () => number;
  /** Outgoing HTTP for webhooks. */
  fetch?: typeof fetch;
  /** get_activity reads a new activity stays in ACTIVITY_STATUS_PENDING for (core option pendingPolls); default 0. */
  pendingPolls?: number;
  /** Enforce the 60 requests per second per organization limit (core option rateLimit); default true. */
  rateLimit?: boolean;
  onExchange?: (exchange: Exchange) => void;
  /**
   * Also serve the iframe stamper's frame pages (the `dist/frames` directory of @sigil/iframe-stamper)
   * on their own port, so they are cross-origin to the emulator and to the app. Port 0 picks a free one.
   */
  frames?: { dir: string; port?: number };
}

export interface EmulatorServer {
  /** Base URL, e.g. http://127.0.0.1:8787. */
  url: string;
  host: string;
  port: number;
  emulator: Emulator;
  /** The starting organization and key, or why the key file matches none (undefined with bootstrap: false). */
  access: RootAccess | UnmatchedOrganizations | undefined;
  /** The start text, also written to `log`. */
  banner: string;
  /** Absolute data directory, when persisting. */
  dataDir: string | undefined;
  /** The frame pages' URLs, when started with `frames`. */
  frames: { authUrl: string; exportUrl: string } | undefined;
  /** Writes a snapshot now (persisting servers only). */
  snapshot(): Promise<void>;
  /** Stops listening, lets requests in flight finish, writes the export and a final snapshot. */
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE') reject(new EmulatorStartError(`Port ${port} on ${host} is in use: stop what runs there or pass --port <another port> (0 picks a free one)`));
      else if (error.code === 'EACCES') reject(new EmulatorStartError(`Not allowed to listen on ${host}:${port}: use a port above 1023`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') reject(new EmulatorStartError(`Cannot listen on host ${host}: it is not an address of this machine (use 127.0.0.1)`));
      else reject(new EmulatorStartError(`Cannot listen on ${host}:${port} (${error.code ?? error.message})`));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolvePromise();
    });
  });
}

export async function startEmulatorServer(options: EmulatorServerOptions = {}): Promise<EmulatorServer> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const log = options.log ?? ((line: string) => process.stdout.write(line + '\n'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new EmulatorStartError(`Port must be a whole number from 0 to 65535 (got ${port})`);
  const pendingPolls = options.pendingPolls ?? 0;
  if (!Number.isInteger(pendingPolls) || pendingPolls < 0) throw new EmulatorStartError(`Pending polls must be a whole number of 0 or more (got ${pendingPolls})`);

  const dataPath = options.dataDir === undefined ? undefined : resolve(options.dataDir);
  const opened = dataPath ? await DataDir.open(dataPath, { snapshotAfterBytes: options.snapshotAfterBytes, log, acceptDataLoss: options.acceptDataLoss }) : undefined;
  const dataDir = opened?.dataDir;
  let emulator: Emulator | undefined;
  let server: Server | undefined;
  let frames: FramesServer | undefined;
  try {
    let state: EmulatorState | undefined = opened?.recovered.snapshot;
    const records = opened?.recovered.records ?? [];
    for (const notice of opened?.recovered.notices ?? []) log(notice);
    if (options.importFile !== undefined) {
      if (state || records.length > 0) {
        throw new EmulatorStartError(`--data ${dataPath} already holds a state, so --import ${options.importFile} would overwrite it: import into a new --data directory`);
      }
      try {
        state = await readStateFile(options.importFile);
      } catch (error) {
        throw new EmulatorStartError((error as Error).message);
      }
    }

    emulator = createEmulator({
      state,
      now: options.now,
      fetch: options.fetch,
      pendingPolls,
      rateLimit: options.rateLimit,
      // The core calls append in request order without waiting, so requests arriving during a write share the next fsync.
      onCommit: dataDir ? (changes) => dataDir.append(changes) : undefined,
    });
    for (const record of records) emulator.applyChanges(record);
    const live = emulator;
    if (dataDir) {
      dataDir.setStateSource(() => live.exportState());
      // The imported state becomes the directory's first snapshot, so it survives a crash right away.
      if (options.importFile !== undefined) await dataDir.snapshot();
    }

    server = createServer(createRequestListener(emulator, { maxBodyBytes: options.maxBodyBytes, onExchange: options.onExchange, log }));
    await listen(server, port, host);
    const address = server.address() as AddressInfo;
    const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const url = `http://${urlHost}:${address.port}`;

    if (options.frames) {
      try {
        frames = await startFramesServer({ dir: options.frames.dir, host, port: options.frames.port ?? 0 });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new EmulatorStartError(
          code === 'ENOENT'
            ? `${options.frames.dir} holds no auth/index.html: build @sigil/iframe-stamper first (npm run build -w @sigil/iframe-stamper)`
            : `Cannot serve the frames on ${host}:${options.frames.port ?? 0} (${code ?? (error as Error).message})`,
        );
      }
    }

    const keyFile = resolve(options.keyFile ?? (dataPath ? join(dataPath, KEY_FILE_NAME) : join(DEFAULT_KEY_DIRECTORY, KEY_FILE_NAME)));
    const access = options.bootstrap === false ? undefined : await ensureRootAccess(emulator, keyFile, options);
    const banner = access
      ? formatBanner({
          url,
          access,
          dataDir: dataPath,
          importedFrom: options.importFile,
          exportFile: options.exportFile,
          cliCommand: options.cliCommand ?? 'sigil',
          pendingPolls,
          frames,
        })
      : `Sigil emulator listening on ${url}`;
    log(banner);

    const listening = server;
    let closing: Promise<void> | undefined;
    const close = async (): Promise<void> => {
      const timer = setTimeout(() => listening.closeAllConnections(), CLOSE_GRACE_MS);
      await new Promise<void>((done) => {
        listening.close(() => done());
        listening.closeIdleConnections();
      });
      clearTimeout(timer);
      await frames?.close();
      try {
        if (options.exportFile !== undefined) await writeStateFile(resolve(options.exportFile), live.exportState());
      } finally {
        await dataDir?.close();
        await live.close();
      }
    };
    return {
      url,
      host: address.address,
      port: address.port,
      emulator,
      access,
      banner,
      dataDir: dataPath,
      frames: frames && { authUrl: frames.authUrl, exportUrl: frames.exportUrl },
      snapshot: async () => {
        await dataDir?.snapshot();
      },
      close: () => (closing ??= close()),
    };
  } catch (error) {
    server?.close();
    await frames?.close();
    await dataDir?.close().catch(() => undefined);
    await emulator?.close().catch(() => undefined);
    throw error;
  }
}
