import { describe, expect, it } from 'vitest';
import { cloneRecord, Database } from './store.js';

describe('cloneRecord', () => {
  it('copies objects and arrays deeply, so later edits of the original cannot reach the copy', () => {
    const original = { id: 'a', nested: { list: [1, { x: 'y' }] }, empty: [], none: null };
    const copy = cloneRecord(original);
    expect(copy).toEqual(original);
    original.nested.list.push(2);
    (original.nested.list[1] as { x: string }).x = 'changed';
    expect(copy).toEqual({ id: 'a', nested: { list: [1, { x: 'y' }] }, empty: [], none: null });
  });

  it('copies other objects with structuredClone', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const copy = cloneRecord({ bytes });
    expect(copy.bytes).not.toBe(bytes);
    expect([...copy.bytes]).toEqual([1, 2, 3]);
  });
});

describe('Database indexes', () => {
  it('keep ids in the order first indexed, one or many per key, and forget a key with no ids left', () => {
    const db = new Database();
    db.defineIndex('byOrg', 'things', (t: { org: string }) => [t.org]);
    db.put('things', 't1', { org: 'o' });
    expect(db.lookup('byOrg', 'o')).toEqual(['t1']);
    db.put('things', 't2', { org: 'o' });
    db.put('things', 't3', { org: 'o' });
    db.put('things', 't1', { org: 'o' });
    expect(db.lookup('byOrg', 'o')).toEqual(['t1', 't2', 't3']);
    db.put('things', 't2', { org: 'p' });
    expect(db.lookup('byOrg', 'o')).toEqual(['t1', 't3']);
    expect(db.lookup('byOrg', 'p')).toEqual(['t2']);
    const mark = db.savepoint();
    db.delete('things', 't2');
    expect(db.lookup('byOrg', 'p')).toEqual([]);
    db.rollback(mark);
    expect(db.lookupRecords('byOrg', 'p', 'things')).toEqual([{ org: 'p' }]);
    db.delete('things', 't1');
    db.delete('things', 't3');
    db.delete('things', 't2');
    expect(db.lookup('byOrg', 'o')).toEqual([]);
    expect(db.lookup('byOrg', 'p')).toEqual([]);
  });
});
