import { mkdtemp, readdir, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Change, EmulatorState } from '../core/types.js';
import { DataDir, DataDirError } from './data-dir.js';

/** A stand-in for the core's storage: what DataDir persists and restores. */
class Records {
  readonly collections = new Map<string, Map<string, unknown>>();
  constructor(state?: EmulatorState) {
    for (const [name, entries] of Object.entries(state?.collections ?? {})) this.collections.set(name, new Map(entries));
  }
  apply(changes: Change[]): void {
    for (const { collection, id, value } of changes) {
      const records = this.collections.get(collection) ?? new Map<string, unknown>();
      this.collections.set(collection, records);
      if (value === null) records.delete(id);
      else records.set(id, value);
    }
  }
  export(): EmulatorState {
    const collections: EmulatorState['collections'] = {};
    for (const [name, records] of this.collections) collections[name] = [...records.entries()];
    return { format: 'sigil-emulator-state', version: 1, collections };
  }
}

async function reopen(
  path: string,
  snapshotAfterBytes?: number,
  acceptDataLoss = false,
): Promise<{ dataDir: DataDir; records: Records; dropped: number; notices: string[] }> {
  const { dataDir, recovered } = await DataDir.open(path, { snapshotAfterBytes, acceptDataLoss });
  const records = new Records(recovered.snapshot);
  for (const batch of recovered.records) records.apply(batch);
  dataDir.setStateSource(() => records.export());
  return { dataDir, records, dropped: recovered.droppedTornBytes, notices: recovered.notices };
}

const user = (i: number): Change => ({ collection: 'users', id: `user-${i}`, value: { name: `User ${i}`, tags: [i] } });

describe('DataDir', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'sigil-data-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates the directory, marks and locks it, and restores appended batches after a reopen', async () => {
    const path = join(root, 'data');
    const first = await reopen(path);
    expect((await stat(path)).mode & 0o777).toBe(0o700);
    // The log holds every record, secrets included: owner-only like the snapshots.
    expect((await stat(join(path, 'log-000000.jsonl'))).mode & 0o777).toBe(0o600);
    await expect(DataDir.open(path)).rejects.toThrow(/in use by another emulator \(process \d+\)/);
    const changes = [[user(1), user(2)], [{ collection: 'users', id: 'user-1', value: null }], [user(3)]];
    for (const batch of changes) {
      first.records.apply(batch);
      await first.dataDir.append(batch);
    }
    // Without close(): what a crash leaves. Release the lock by hand as a dead process would.
    await rm(join(path, 'lock.pid'));
    const second = await reopen(path);
    expect(second.records.export()).toEqual(first.records.export());
    expect([...second.records.collections.get('users')!.keys()]).toEqual(['user-2', 'user-3']);
    await second.dataDir.close();
    await first.dataDir.close();
  });

  it('groups concurrent appends into few writes and keeps their order', async () => {
    const path = join(root, 'data');
    const { dataDir, records } = await reopen(path);
    const batches = Array.from({ length: 500 }, (_, i) => [user(i), { collection: 'counter', id: 'c', value: i }]);
    await Promise.all(
      batches.map((batch) => {
        records.apply(batch);
        return dataDir.append(batch);
      }),
    );
    const log = await readFile(join(path, 'log-000000.jsonl'), 'utf8');
    expect(log.trimEnd().split('\n')).toHaveLength(500);
    expect(dataDir.stats.records).toBe(500);
    // The first append is written alone; the rest arrive while it is in flight and share later writes.
    expect(dataDir.stats.writes).toBeLessThanOrEqual(10);
    await rm(join(path, 'lock.pid'));
    const again = await reopen(path);
    expect(again.records.collections.get('counter')!.get('c')).toBe(499);
    expect(again.records.collections.get('users')!.size).toBe(500);
    await again.dataDir.close();
  });

  it('appends made during a write share the next one (group commit), each resolving once on disk', async () => {
    const path = join(root, 'data');
    const { dataDir } = await reopen(path);
    await Promise.all(Array.from({ length: 200 }, (_, i) => dataDir.append([user(i)])));
    const log = await readFile(join(path, 'log-000000.jsonl'), 'utf8');
    expect(log.trimEnd().split('\n')).toHaveLength(200);
    expect(dataDir.stats.writes).toBeLessThanOrEqual(2);
    await dataDir.close();
  });

  it('after a failed write, acknowledges nothing more until a restart', async () => {
    const path = join(root, 'data');
    const lines: string[] = [];
    const { dataDir } = await DataDir.open(path, { log: (line) => lines.push(line) });
    await dataDir.append([user(1)]);
    // Pull the file out from under it, as a failing disk would.
    await (dataDir as unknown as { logFile: { close(): Promise<void> } }).logFile.close();
    await expect(dataDir.append([user(2)])).rejects.toThrow(/writing the change log in .* failed .*restart the emulator/);
    await expect(dataDir.append([user(3)])).rejects.toThrow(/restart the emulator/);
    expect(lines[0]).toMatch(/^writing the change log failed/);
    await rm(join(path, 'lock.pid'));
    const again = await reopen(path);
    expect([...again.records.collections.get('users')!.keys()]).toEqual(['user-1']);
    await again.dataDir.close();
  });

  it('snapshots when the log grows past the threshold, starts a new log, and recovers from both', async () => {
    const path = join(root, 'data');
    const { dataDir, records } = await reopen(path, 2000);
    for (let i = 0; i < 100; i++) {
      const batch = [user(i)];
      records.apply(batch);
      await dataDir.append(batch);
    }
    const names = (await readdir(path)).sort();
    const snapshots = names.filter((name) => name.startsWith('snapshot-'));
    expect(snapshots).toHaveLength(1);
    expect(names.filter((name) => name.startsWith('log-'))).toEqual([snapshots[0]!.replace('snapshot-', 'log-').replace('.json', '.jsonl')]);
    await rm(join(path, 'lock.pid'));
    const again = await reopen(path);
    expect(again.records.export()).toEqual(records.export());
    await again.dataDir.close();
    await dataDir.close();
  });

  it('close() writes a final snapshot, so the next start replays nothing', async () => {
    const path = join(root, 'data');
    const { dataDir, records } = await reopen(path);
    records.apply([user(1)]);
    await dataDir.append([user(1)]);
    await dataDir.close();
    const { dataDir: again, recovered } = await DataDir.open(path);
    expect(recovered.records).toEqual([]);
    expect(recovered.snapshot?.collections.users).toEqual([['user-1', { name: 'User 1', tags: [1] }]]);
    await again.close();
  });

  it('drops a torn last record, truncates it away, and appends cleanly after it', async () => {
    const path = join(root, 'data');
    const { dataDir } = await reopen(path);
    await dataDir.append([user(1)]);
    await rm(join(path, 'lock.pid'));
    await appendFile(join(path, 'log-000000.jsonl'), '0badc0de [{"collection":"users","id":"user-2"');
    const second = await reopen(path);
    expect(second.dropped).toBeGreaterThan(0);
    // Past the acknowledged length: the notice can say its request was never answered.
    expect(second.notices).toEqual([expect.stringMatching(/^Dropped an incomplete \d+-byte record at the end of log-000000\.jsonl: it lies past everything acknowledged/)]);
    expect([...second.records.collections.get('users')!.keys()]).toEqual(['user-1']);
    await second.dataDir.append([user(3)]);
    await rm(join(path, 'lock.pid'));
    const third = await reopen(path);
    expect(third.dropped).toBe(0);
    expect([...third.records.collections.get('users')!.keys()]).toEqual(['user-1', 'user-3']);
    await third.dataDir.close();
    await dataDir.close();
    await second.dataDir.close();
  });

  it('refuses a log cut short of what was acknowledged, whole records or not, unless told to accept the loss', async () => {
    for (const cut of ['whole records', 'inside a record']) {
      const path = join(root, cut.replace(' ', '-'));
      const { dataDir } = await reopen(path);
      for (let i = 1; i <= 3; i++) await dataDir.append([user(i)]);
      await rm(join(path, 'lock.pid'));
      const log = join(path, 'log-000000.jsonl');
      const lines = (await readFile(log, 'utf8')).split('\n');
      // Acknowledged users 2 and 3 are cut off: at a record boundary, or in the middle of user 2's record.
      const kept = cut === 'whole records' ? `${lines[0]}\n` : `${lines[0]}\n${lines[1]!.slice(0, 20)}`;
      await writeFile(log, kept);
      await expect(DataDir.open(path)).rejects.toThrow(/log-000000\.jsonl holds \d+ bytes of complete records, but \d+ bytes had been acknowledged.*--accept-data-loss/);
      const accepted = await reopen(path, undefined, true);
      expect(accepted.notices).toEqual([expect.stringMatching(/acknowledged changes are lost.*starting from what is left/)]);
      expect([...accepted.records.collections.get('users')!.keys()]).toEqual(['user-1']);
      // What is left is the new acknowledged state: the next start is clean.
      await accepted.dataDir.append([user(4)]);
      await rm(join(path, 'lock.pid'));
      const next = await reopen(path);
      expect(next.notices).toEqual([]);
      expect([...next.records.collections.get('users')!.keys()]).toEqual(['user-1', 'user-4']);
      await Promise.all([dataDir.close(), accepted.dataDir.close(), next.dataDir.close()]);
    }
  });

  it('refuses a directory whose snapshot was deleted instead of starting a new organization, unless told to', async () => {
    const path = join(root, 'data');
    const first = await reopen(path);
    first.records.apply([user(1)]);
    await first.dataDir.append([user(1)]);
    await first.dataDir.snapshot();
    first.records.apply([user(2)]);
    await first.dataDir.append([user(2)]);
    await rm(join(path, 'lock.pid'));
    expect((await readdir(path)).filter((name) => name.startsWith('snapshot-'))).toEqual(['snapshot-000001.json']);
    await rm(join(path, 'snapshot-000001.json'));
    await expect(DataDir.open(path)).rejects.toThrow(/snapshot-000001\.json is missing, so every change made before log-000001\.jsonl began is lost.*--accept-data-loss/);
    // With the log deleted too, the acknowledged mark still knows a snapshot existed.
    const bare = join(root, 'bare');
    const second = await reopen(bare);
    await second.dataDir.append([user(1)]);
    await second.dataDir.snapshot();
    await rm(join(bare, 'lock.pid'));
    await rm(join(bare, 'snapshot-000001.json'));
    await rm(join(bare, 'log-000001.jsonl'));
    await expect(DataDir.open(bare)).rejects.toThrow(/snapshot-000001\.json is missing/);
    const accepted = await reopen(path, undefined, true);
    expect([...accepted.records.collections.get('users')!.keys()]).toEqual(['user-2']);
    await Promise.all([first.dataDir.close(), second.dataDir.close(), accepted.dataDir.close()]);
  });

  it('says it cannot tell whether a torn record was acknowledged in a directory without an acknowledged mark', async () => {
    const path = join(root, 'data');
    const { dataDir } = await reopen(path);
    await dataDir.append([user(1)]);
    await rm(join(path, 'lock.pid'));
    await rm(join(path, 'acknowledged'));
    await appendFile(join(path, 'log-000000.jsonl'), '0badc0de [{"collection"');
    const again = await reopen(path);
    expect(again.notices).toEqual([expect.stringMatching(/whether its request was answered cannot be told/)]);
    await Promise.all([dataDir.close(), again.dataDir.close()]);
  });

  it('takes over the lock of a process that no longer runs', async () => {
    const path = join(root, 'data');
    const { dataDir } = await reopen(path);
    await dataDir.close();
    await writeFile(join(path, 'lock.pid'), '999999999');
    const { dataDir: again } = await DataDir.open(path);
    await again.close();
  });

  it('refuses a corrupt record in the middle of the log', async () => {
    const path = join(root, 'data');
    const { dataDir } = await reopen(path);
    await dataDir.append([user(1)]);
    await dataDir.append([user(2)]);
    await rm(join(path, 'lock.pid'));
    const log = join(path, 'log-000000.jsonl');
    await writeFile(log, (await readFile(log, 'utf8')).replace('User 1', 'User 9'));
    await expect(DataDir.open(path)).rejects.toThrow(/corrupt at byte 0: checksum mismatch.*restore the directory/);
    await dataDir.close();
  });

  it('explains a --data path that cannot be used', async () => {
    const file = join(root, 'file');
    await writeFile(file, 'x');
    await expect(DataDir.open(file)).rejects.toThrow(new DataDirError(`--data ${file} is a file: give a directory (it is created if missing)`));
    const foreign = join(root, 'foreign');
    await DataDir.open(join(foreign, 'x')).then(({ dataDir }) => dataDir.close());
    await expect(DataDir.open(foreign)).rejects.toThrow(/is not empty and holds no sigil-emulator-data.json/);
  });
});
