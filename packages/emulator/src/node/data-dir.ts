// The `--data DIR` store: an append-only change log plus snapshots.
//
// Layout: `sigil-emulator-data.json` (marks the directory as ours), `snapshot-<seq>.json` (a whole state)
// and `log-<seq>.jsonl` (the change batches acknowledged after that snapshot; seq 0 has no snapshot).
// Every acknowledged request's changes are written and fdatasync'ed before `append` resolves; requests that
// arrive while a write is in flight are grouped into the next write (group commit), so one fsync serves many.
// When the log grows past `snapshotAfterBytes`, a new snapshot is written (temporary file, fsync, rename)
// and the log starts over; recovery loads the newest snapshot and replays its log.
import { mkdir, open, readdir, readFile, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Change, EmulatorState } from '../core/types.js';
import { CorruptLogError, decodeLog, encodeRecord } from './log-record.js';
import { readStateFile, syncDirectory, writeStateFile } from './state-file.js';

const MARKER = 'sigil-emulator-data.json';
const LOCK = 'lock.pid';
const DEFAULT_SNAPSHOT_AFTER_BYTES = 64 * 1024 * 1024;

export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

export interface DataDirOptions {
  /** Start a new snapshot once the log holds this many bytes. Default 64 MiB. */
  snapshotAfterBytes?: number;
  log?: (line: string) => void;
}

export interface Recovered {
  /** The newest snapshot, if any. */
  snapshot: EmulatorState | undefined;
  /** Change batches to replay on top of the snapshot, oldest first. */
  records: Change[][];
  /** Bytes of a torn last record that were dropped (a crash during a write that was never acknowledged). */
  droppedTornBytes: number;
}

interface Pending {
  line: string;
  resolve: () => void;
  reject: (error: Error) => void;
}

const pad = (seq: number): string => String(seq).padStart(6, '0');
const snapshotName = (seq: number): string => `snapshot-${pad(seq)}.json`;
const logName = (seq: number): string => `log-${pad(seq)}.jsonl`;

export class DataDir {
  private queue: Pending[] = [];
  private draining: Promise<void> | undefined;
  private stateSource: (() => EmulatorState) | undefined;
  private failure: Error | undefined;
  private closed = false;
  private tail: Promise<void> = Promise.resolve();
  /** Writes (each followed by one fdatasync) and the records they carried: records / writes is the group size. */
  readonly stats = { writes: 0, records: 0, snapshots: 0 };

  private constructor(
    readonly path: string,
    private seq: number,
    private logFile: FileHandle,
    private logBytes: number,
    private readonly snapshotAfterBytes: number,
    private readonly log: (line: string) => void,
  ) {}

  /** Opens (creating if needed) and locks a data directory, and reads back what it holds. */
  static async open(path: string, options: DataDirOptions = {}): Promise<{ dataDir: DataDir; recovered: Recovered }> {
    await prepareDirectory(path);
    await takeLock(path);
    try {
      const names = await readdir(path);
      for (const name of names) if (/^\.snapshot-\d+\.json\..*\.tmp$/.test(name)) await unlink(join(path, name));
      const snapshotSeqs = seqsOf(names, /^snapshot-(\d+)\.json$/);
      const seq = snapshotSeqs.at(-1) ?? 0;
      const snapshot = snapshotSeqs.length > 0 ? await readSnapshot(path, seq) : undefined;
      // Logs older than the newest snapshot are already in it: a crash came between rename and cleanup.
      for (const old of seqsOf(names, /^log-(\d+)\.jsonl$/).filter((candidate) => candidate < seq)) await unlink(join(path, logName(old)));
      for (const old of snapshotSeqs.slice(0, -1)) await unlink(join(path, snapshotName(old)));

      const logPath = join(path, logName(seq));
      const bytes = await readFile(logPath).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return Buffer.alloc(0);
        throw error;
      });
      let decoded;
      try {
        decoded = decodeLog(bytes);
      } catch (error) {
        if (error instanceof CorruptLogError) {
          throw new DataDirError(`${logPath}: ${error.message}. It was not written by a crash; restore the directory from a backup or start with an empty --data directory`);
        }
        throw error;
      }
      const logFile = await open(logPath, 'a', 0o600);
      if (decoded.tornBytes > 0) {
        await logFile.truncate(decoded.validBytes);
        await logFile.sync();
      }
      await syncDirectory(path);
      const dataDir = new DataDir(
        path,
        seq,
        logFile,
        decoded.validBytes,
        options.snapshotAfterBytes ?? DEFAULT_SNAPSHOT_AFTER_BYTES,
        options.log ?? (() => undefined),
      );
      return { dataDir, recovered: { snapshot, records: decoded.records, droppedTornBytes: decoded.tornBytes } };
    } catch (error) {
      await unlink(join(path, LOCK)).catch(() => undefined);
      throw error;
    }
  }

  /** Where snapshots come from; until it is set, the log only grows. */
  setStateSource(source: () => EmulatorState): void {
    this.stateSource = source;
  }

  /** Appends one acknowledged batch; resolves once it is on disk. */
  append(changes: readonly Change[]): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new DataDirError('the data directory is closed'));
    // Serialized now, so a record changed in memory after this call cannot alter what is logged for it.
    const line = encodeRecord(changes);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Writes a snapshot now and starts a new log (after any queued appends). */
  async snapshot(): Promise<void> {
    await this.draining;
    await this.exclusive(() => this.rotate());
  }

  /** Finishes queued appends, writes a final snapshot when the log is not empty, and releases the directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.draining;
    await this.exclusive(async () => {
      if (!this.failure && this.logBytes > 0 && this.stateSource) {
        await this.rotate().catch((error: Error) => this.log(`snapshot on close failed: ${error.message}`));
      }
      await this.logFile.close();
    });
    await unlink(join(this.path, LOCK)).catch(() => undefined);
  }

  /** Runs file operations one at a time: a rotation must never swap the log under a write. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      await this.exclusive(() => this.writeBatch(batch));
    }
    this.draining = undefined;
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    const buffer = Buffer.from(batch.map((pending) => pending.line).join(''), 'utf8');
    try {
      await this.logFile.write(buffer);
      await this.logFile.datasync();
      this.logBytes += buffer.length;
      this.stats.writes++;
      this.stats.records += batch.length;
    } catch (error) {
      await this.recoverFromWriteError(error as Error);
      for (const pending of batch) pending.reject(this.failure ?? (error as Error));
      return;
    }
    for (const pending of batch) pending.resolve();
    if (this.logBytes >= this.snapshotAfterBytes && this.stateSource) {
      await this.rotate().catch((error: Error) => this.log(`snapshot failed, the log keeps growing: ${error.message}`));
    }
  }

  /**
   * After a failed write the in-memory state holds changes the disk lacks, so nothing more is acknowledged:
   * every later append fails too, until a restart recovers the last durable state. The torn part of the
   * record is cut off so the log stays readable.
   */
  private async recoverFromWriteError(error: Error): Promise<void> {
    this.log(`writing the change log failed: ${error.message}`);
    this.failure = new DataDirError(`writing the change log in ${this.path} failed (${error.message}); restart the emulator to continue from the last saved state`);
    for (const pending of this.queue.splice(0)) pending.reject(this.failure);
    await this.logFile.truncate(this.logBytes).catch(() => undefined);
    await this.logFile.datasync().catch(() => undefined);
  }

  private async rotate(): Promise<void> {
    if (!this.stateSource) return;
    const next = this.seq + 1;
    await writeStateFile(join(this.path, snapshotName(next)), this.stateSource());
    // From here on the new snapshot is the recovery point; the old files are only clean-up.
    const logFile = await open(join(this.path, logName(next)), 'a', 0o600);
    await syncDirectory(this.path);
    const previous = this.logFile;
    const previousSeq = this.seq;
    this.logFile = logFile;
    this.seq = next;
    this.logBytes = 0;
    this.stats.snapshots++;
    await previous.close();
    await unlink(join(this.path, logName(previousSeq))).catch(() => undefined);
    await unlink(join(this.path, snapshotName(previousSeq))).catch(() => undefined);
  }
}

function seqsOf(names: string[], pattern: RegExp): number[] {
  return names
    .map((name) => pattern.exec(name)?.[1])
    .filter((seq): seq is string => seq !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

async function readSnapshot(path: string, seq: number): Promise<EmulatorState> {
  try {
    return await readStateFile(join(path, snapshotName(seq)));
  } catch (error) {
    throw new DataDirError(`${(error as Error).message}. Snapshots are written atomically, so the file was damaged after it was written; restore the directory from a backup`);
  }
}

async function prepareDirectory(path: string): Promise<void> {
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new DataDirError(`Cannot use --data ${path} (${error.code ?? error.message}): check the path and its permissions`);
  });
  if (info && !info.isDirectory()) throw new DataDirError(`--data ${path} is a file: give a directory (it is created if missing)`);
  if (!info) {
    try {
      await mkdir(path, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new DataDirError(`Cannot create --data ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check the parent directory's permissions`);
    }
  }
  const names = await readdir(path);
  if (names.includes(MARKER)) return;
  if (names.length > 0) {
    throw new DataDirError(`--data ${path} is not empty and holds no ${MARKER}: give a new or empty directory so no other files are mixed with the emulator's`);
  }
  try {
    await writeFile(join(path, MARKER), JSON.stringify({ format: 'sigil-emulator-data', version: 1 }) + '\n', { flag: 'wx' });
  } catch (error) {
    throw new DataDirError(`Cannot write to --data ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)}): check its permissions`);
  }
}

/** One emulator per directory: two writers would interleave their logs. A lock left by a killed process is taken over. */
async function takeLock(path: string): Promise<void> {
  const lockPath = join(path, LOCK);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockPath, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
      throw new DataDirError(`--data ${path} is in use by another emulator (process ${holder}): stop it or choose another directory`);
    }
    await unlink(lockPath).catch(() => undefined);
  }
  throw new DataDirError(`Cannot lock --data ${path}: another process keeps taking it`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
