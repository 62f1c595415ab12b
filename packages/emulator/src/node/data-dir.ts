// The `--data DIR` store: an append-only change log plus snapshots.
//
// Layout: `sigil-emulator-data.json` (marks the directory as ours), `snapshot-<seq>.json` (a whole state)
// and `log-<seq>.jsonl` (the change batches acknowledged after that snapshot; seq 0 has no snapshot).
// Every acknowledged request's changes are written and fdatasync'ed before `append` resolves; requests that
// arrive while a write is in flight are grouped into the next write (group commit), so one fsync serves many.
// When the log grows past `snapshotAfterBytes`, a new snapshot is written (temporary file, fsync, rename)
// and the log starts over; recovery loads the newest snapshot and replays its log.
//
// `acknowledged` holds how far the log reached when its last batch was acknowledged (`<seq> <bytes>`), written
// in place after each fdatasync of the log. It is written after the log is durable, so it never claims more
// than the disk holds; a log shorter than it, or a log whose snapshot is gone, has lost acknowledged changes.
// Such a directory cannot be trusted: `open` refuses it unless `acceptDataLoss` says to start from what is
// left. A torn last record is reported as what it is: past the acknowledged length, it was never answered;
// without an `acknowledged` file (a directory from an older emulator) nobody can tell, and the notice says so.
import { mkdir, open, readdir, readFile, stat, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Change, EmulatorState } from '../core/types.js';
import { CorruptLogError, decodeLog, encodeRecord } from './log-record.js';
import { readStateFile, syncDirectory, writeStateFile } from './state-file.js';

const MARKER = 'sigil-emulator-data.json';
const ACKNOWLEDGED = 'acknowledged';
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
  /**
   * Start from what is left of a directory that lost acknowledged changes (a log cut short, a deleted snapshot)
   * instead of refusing it. Default false.
   */
  acceptDataLoss?: boolean;
}

export interface Recovered {
  /** The newest snapshot, if any. */
  snapshot: EmulatorState | undefined;
  /** Change batches to replay on top of the snapshot, oldest first. */
  records: Change[][];
  /** Bytes of a torn last record that were dropped. */
  droppedTornBytes: number;
  /** What recovery found and did, in sentences for the operator; empty for a clean directory. */
  notices: string[];
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
    private readonly acknowledged: FileHandle,
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
      const logSeqs = seqsOf(names, /^log-(\d+)\.jsonl$/);
      const mark = await readAcknowledged(path);
      const notices: string[] = [];
      const refuseOrNote = (loss: string): void => {
        if (!options.acceptDataLoss) throw new DataDirError(`${loss}. Restore the directory from a backup, or start with --accept-data-loss to continue from what is left`);
        notices.push(`${loss}; starting from what is left, as --accept-data-loss asks.`);
      };
      // The newest state the directory has ever reached: its snapshot, or a log or mark that outlives it.
      const seq = Math.max(snapshotSeqs.at(-1) ?? 0, logSeqs.at(-1) ?? 0, mark?.seq ?? 0);
      let snapshot: EmulatorState | undefined;
      if (snapshotSeqs.includes(seq)) snapshot = await readSnapshot(path, seq);
      else if (seq > 0) {
        refuseOrNote(`--data ${path}: ${snapshotName(seq)} is missing, so every change made before ${logName(seq)} began is lost`);
      }
      // Logs older than the newest snapshot are already in it: a crash came between rename and cleanup.
      for (const old of logSeqs.filter((candidate) => candidate < seq)) await unlink(join(path, logName(old)));
      for (const old of snapshotSeqs.filter((candidate) => candidate < seq)) await unlink(join(path, snapshotName(old)));

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
      const acknowledgedBytes = mark?.seq === seq ? mark.bytes : 0;
      if (decoded.validBytes < acknowledgedBytes) {
        refuseOrNote(
          `--data ${path}: ${logName(seq)} holds ${decoded.validBytes} bytes of complete records, but ${acknowledgedBytes} bytes had been acknowledged, so acknowledged changes are lost (the file was cut or damaged after it was written)`,
        );
      } else if (decoded.tornBytes > 0) {
        notices.push(
          mark
            ? `Dropped an incomplete ${decoded.tornBytes}-byte record at the end of ${logName(seq)}: it lies past everything acknowledged, so its request was never answered (a crash during a write).`
            : `Dropped an incomplete ${decoded.tornBytes}-byte record at the end of ${logName(seq)}. This directory does not record what was acknowledged, so whether its request was answered cannot be told.`,
        );
      }
      const logFile = await open(logPath, 'a', 0o600);
      if (decoded.tornBytes > 0) {
        await logFile.truncate(decoded.validBytes);
        await logFile.sync();
      }
      const acknowledged = await open(join(path, ACKNOWLEDGED), mark ? 'r+' : 'w+', 0o600);
      await writeAcknowledged(acknowledged, seq, decoded.validBytes);
      await acknowledged.sync();
      await syncDirectory(path);
      const dataDir = new DataDir(
        path,
        seq,
        logFile,
        decoded.validBytes,
        acknowledged,
        options.snapshotAfterBytes ?? DEFAULT_SNAPSHOT_AFTER_BYTES,
        options.log ?? (() => undefined),
      );
      return { dataDir, recovered: { snapshot, records: decoded.records, droppedTornBytes: decoded.tornBytes, notices } };
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
      await this.acknowledged.sync().catch(() => undefined);
      await this.acknowledged.close();
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
      // After the log is durable, so the mark never claims bytes the disk lacks; no fsync of its own, since an
      // older mark only makes recovery check less, never refuse a sound directory.
      await writeAcknowledged(this.acknowledged, this.seq, this.logBytes);
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
    await writeAcknowledged(this.acknowledged, next, 0);
    this.stats.snapshots++;
    await previous.close();
    await unlink(join(this.path, logName(previousSeq))).catch(() => undefined);
    await unlink(join(this.path, snapshotName(previousSeq))).catch(() => undefined);
  }
}

// `<seq, 6 digits> <bytes, 16 digits>\n`: always the same length, so each write replaces the whole mark in place.
const ACKNOWLEDGED_LENGTH = 24;

async function writeAcknowledged(file: FileHandle, seq: number, bytes: number): Promise<void> {
  await file.write(`${pad(seq)} ${String(bytes).padStart(16, '0')}\n`, 0, 'utf8');
}

async function readAcknowledged(path: string): Promise<{ seq: number; bytes: number } | undefined> {
  const text = await readFile(join(path, ACKNOWLEDGED), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const match = /^(\d{6}) (\d{16})\n$/.exec(text);
  if (!match || text.length !== ACKNOWLEDGED_LENGTH) {
    throw new DataDirError(`${join(path, ACKNOWLEDGED)} is damaged (it records how much of the log was acknowledged); restore the directory from a backup`);
  }
  return { seq: Number(match[1]), bytes: Number(match[2]) };
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
