import {describe, expect, it} from 'vitest';
import {addRecent, clearRecent, readRecent, RECENT_KEY, RECENT_MAX} from './recent';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(i: number): string | null {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

describe('recent results', () => {
  it('keeps the newest first, without duplicates, at most five', () => {
    const store = new MemoryStorage();
    for (let i = 0; i < 7; i++) addRecent({title: `Page ${i}`, url: `/p${i}`}, store);
    addRecent({title: 'Page 3 again', url: '/p3'}, store);
    const list = readRecent(store);
    expect(list).toHaveLength(RECENT_MAX);
    expect(list.map((r) => r.url)).toEqual(['/p3', '/p6', '/p5', '/p4', '/p2']);
    expect(list[0]!.title).toBe('Page 3 again');
  });

  it('stores only titles and site paths', () => {
    const store = new MemoryStorage();
    addRecent({title: 'Wallets', url: '/concepts/wallets#accounts'}, store);
    expect(JSON.parse(store.getItem(RECENT_KEY)!)).toEqual([{title: 'Wallets', url: '/concepts/wallets#accounts'}]);
  });

  it('ignores tampered or foreign entries', () => {
    const store = new MemoryStorage();
    store.setItem(RECENT_KEY, JSON.stringify([{title: 'x', url: 'https://evil.example'}, {title: 'y', url: '//evil.example'}, {title: 1, url: '/a'}, {title: 'ok', url: '/ok'}]));
    expect(readRecent(store)).toEqual([{title: 'ok', url: '/ok'}]);
    store.setItem(RECENT_KEY, '{not json');
    expect(readRecent(store)).toEqual([]);
  });

  it('clears', () => {
    const store = new MemoryStorage();
    addRecent({title: 'a', url: '/a'}, store);
    clearRecent(store);
    expect(readRecent(store)).toEqual([]);
  });
});
