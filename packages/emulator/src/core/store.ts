// The emulator's storage: named collections of JSON records behind a small interface, in memory by
// default. Every write is recorded as a Change (for onCommit) and can be undone, so a request that
// fails half-way leaves nothing behind.
import type { Change, EmulatorState } from './types.js';

/** What the core needs from storage; another implementation (IndexedDB, a file) can stand in. */
export interface RecordStore {
  get<T>(collection: string, id: string): T | undefined;
  /** Records of a collection in insertion order. */
  values<T>(collection: string): Iterable<T>;
  put(collection: string, id: string, value: unknown): void;
  delete(collection: string, id: string): void;
  entries(): Iterable<[string, Iterable<[string, unknown]>]>;
}

export class MemoryStore implements RecordStore {
  private readonly collections = new Map<string, Map<string, unknown>>();

  private collection(name: string): Map<string, unknown> {
    let records = this.collections.get(name);
    if (!records) this.collections.set(name, (records = new Map()));
    return records;
  }
  get<T>(collection: string, id: string): T | undefined {
    return this.collections.get(collection)?.get(id) as T | undefined;
  }
  values<T>(collection: string): Iterable<T> {
    return (this.collections.get(collection)?.values() ?? []) as Iterable<T>;
  }
  put(collection: string, id: string, value: unknown): void {
    this.collection(collection).set(id, value);
  }
  delete(collection: string, id: string): void {
    this.collections.get(collection)?.delete(id);
  }
  entries(): Iterable<[string, Iterable<[string, unknown]>]> {
    return [...this.collections].map(([name, records]) => [name, records.entries()] as [string, Iterable<[string, unknown]>]);
  }
}

/**
 * A deep copy of a JSON-like record that shares its strings with the original instead of copying them, as
 * structuredClone would: strings are immutable, and records repeat many (organization and user ids, public keys,
 * types, statuses) that would otherwise be stored once per record. Values other than plain objects and arrays
 * are copied by structuredClone.
 */
export function cloneRecord<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cloneRecord) as T;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = cloneRecord((value as Record<string, unknown>)[key]);
  return copy as T;
}

type IndexKeys = (value: any) => string[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- records are untyped JSON here; each index reads its own collection's shape

type IndexMap = Map<string, string | Set<string>>;

/**
 * The store plus secondary indexes (by organization, public key, …) and a change log per request.
 * Indexes are maintained on every write, including writes replayed by applyChanges.
 */
export class Database {
  /** Index key -> id, or a Set of ids when more than one record has the key (most keys have one: fingerprints, public keys). */
  private readonly indexes = new Map<string, { collection: string; keys: IndexKeys; map: IndexMap }>();
  private log: Array<{ change: Change; previous: unknown }> = [];

  constructor(readonly store: RecordStore = new MemoryStore()) {}

  defineIndex(name: string, collection: string, keys: IndexKeys): void {
    const map: IndexMap = new Map();
    this.indexes.set(name, { collection, keys, map });
    const entries = [...this.store.entries()].find(([c]) => c === collection)?.[1] ?? [];
    for (const [id, value] of entries) for (const key of keys(value)) this.addKey(map, key, id);
  }

  private addKey(map: IndexMap, key: string, id: string): void {
    const ids = map.get(key);
    if (ids === undefined) map.set(key, id);
    else if (typeof ids === 'string') {
      if (ids !== id) map.set(key, new Set([ids, id]));
    } else ids.add(id);
  }

  private removeKey(map: IndexMap, key: string, id: string): void {
    const ids = map.get(key);
    if (ids === id) map.delete(key);
    else if (typeof ids === 'object') {
      ids.delete(id);
      if (ids.size === 0) map.delete(key);
    }
  }

  get<T>(collection: string, id: string): T | undefined {
    return this.store.get<T>(collection, id);
  }
  all<T>(collection: string): T[] {
    return [...this.store.values<T>(collection)];
  }
  /** Ids under one index key, in the order they were first indexed. */
  lookup(index: string, key: string): string[] {
    const ids = this.indexes.get(index)?.map.get(key);
    if (ids === undefined) return [];
    return typeof ids === 'string' ? [ids] : [...ids];
  }
  lookupRecords<T>(index: string, key: string, collection: string): T[] {
    return this.lookup(index, key)
      .map((id) => this.get<T>(collection, id))
      .filter((value): value is T => value !== undefined);
  }

  /** Writes without recording a change (recovery, undo). */
  apply(collection: string, id: string, value: unknown | null): void {
    const previous = this.store.get(collection, id);
    for (const index of this.indexes.values()) {
      if (index.collection !== collection) continue;
      const before = previous === undefined ? [] : index.keys(previous);
      const after = value === null ? [] : index.keys(value);
      for (const key of before) if (!after.includes(key)) this.removeKey(index.map, key, id);
      for (const key of after) if (!before.includes(key)) this.addKey(index.map, key, id);
    }
    if (value === null) this.store.delete(collection, id);
    else this.store.put(collection, id, value);
  }

  put(collection: string, id: string, value: unknown): void {
    this.record(collection, id, value);
  }
  delete(collection: string, id: string): void {
    if (this.store.get(collection, id) !== undefined) this.record(collection, id, null);
  }
  private record(collection: string, id: string, value: unknown | null): void {
    // Stored values are copies, so a later edit of an object the caller kept cannot change history.
    const copy = value === null ? null : cloneRecord(value);
    this.log.push({ change: { collection, id, value: copy }, previous: this.store.get(collection, id) ?? null });
    this.apply(collection, id, copy);
  }

  /** A point to roll back to. */
  savepoint(): number {
    return this.log.length;
  }
  rollback(savepoint: number): void {
    while (this.log.length > savepoint) {
      const entry = this.log.pop()!;
      this.apply(entry.change.collection, entry.change.id, entry.previous);
    }
  }
  /** Takes the changes recorded since the last call, collapsing repeated writes of one record to the last. */
  takeChanges(): Change[] {
    const last = new Map<string, Change>();
    for (const { change } of this.log) {
      const key = `${change.collection}\u0000${change.id}`;
      last.delete(key);
      last.set(key, change);
    }
    this.log = [];
    return [...last.values()];
  }

  exportState(): EmulatorState {
    const collections: EmulatorState['collections'] = {};
    for (const [name, records] of this.store.entries()) collections[name] = [...records];
    return { format: 'sigil-emulator-state', version: 1, collections };
  }
}
