// Whole-state files: what `--export` writes, `--import` reads and the data directory keeps as snapshots.
// Written atomically (temporary file, fsync, rename, fsync of the directory), so a crash leaves either the
// old file or the new one, never half of one.
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EmulatorState } from '../core/types.js';

/** Entries per write call: big enough to keep syscalls few, small enough not to build one huge string. */
const ENTRIES_PER_CHUNK = 2000;

export class StateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateFileError';
  }
}

export function isEmulatorState(value: unknown): value is EmulatorState {
  if (typeof value !== 'object' || value === null) return false;
  const { format, version, collections } = value as Record<string, unknown>;
  if (format !== 'sigil-emulator-state' || version !== 1) return false;
  if (typeof collections !== 'object' || collections === null || Array.isArray(collections)) return false;
  return Object.values(collections).every(
    (entries) => Array.isArray(entries) && entries.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string'),
  );
}

/** Reads and checks a state file; every failure is a StateFileError whose message says what to do. */
export async function readStateFile(path: string): Promise<EmulatorState> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new StateFileError(`State file ${path} not found: check the path`);
    if (code === 'EISDIR') throw new StateFileError(`State file ${path} is a directory: give the path of a file written by --export`);
    throw new StateFileError(`Cannot read state file ${path} (${code ?? String(error)}): check its permissions`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(`State file ${path} is not valid JSON (${(error as Error).message}): it must be a file written by --export`);
  }
  if (!isEmulatorState(parsed)) {
    throw new StateFileError(
      `State file ${path} is not an emulator state: expected {"format":"sigil-emulator-state","version":1,"collections":{...}} as written by --export`,
    );
  }
  return parsed;
}

/** Writes `state` to `path` atomically and durably. */
export async function writeStateFile(path: string, state: EmulatorState): Promise<number> {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  let bytes = 0;
  const file = await open(temporary, 'w', 0o600);
  try {
    const write = async (text: string): Promise<void> => {
      const buffer = Buffer.from(text, 'utf8');
      bytes += buffer.length;
      await file.write(buffer);
    };
    await write(`{"format":"sigil-emulator-state","version":1,"collections":{`);
    let firstCollection = true;
    for (const [name, entries] of Object.entries(state.collections)) {
      await write(`${firstCollection ? '' : ','}\n${JSON.stringify(name)}:[`);
      firstCollection = false;
      for (let start = 0; start < entries.length; start += ENTRIES_PER_CHUNK) {
        const chunk = entries.slice(start, start + ENTRIES_PER_CHUNK).map((entry) => JSON.stringify(entry));
        await write(`${start === 0 ? '' : ','}\n${chunk.join(',\n')}`);
      }
      await write(']');
    }
    await write('\n}}\n');
    await file.sync();
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await file.close();
  await rename(temporary, path);
  await syncDirectory(dirname(path));
  return bytes;
}

/** Makes a rename or a newly created file in `directory` durable. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
