import {describe, expect, it} from 'vitest';
import {addRecent, clearRecent, isSitePath, readRecent, RECENT_KEY, RECENT_MAX} from './recent';

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

  it('keeps only paths that resolve to this origin', () => {
    const origin = 'https://docs.sigil.example';
    for (const url of ['/concepts/wallets', '/a?b=c#d', '/api/wallets/create-wallet']) expect(isSitePath(url, origin), url).toBe(true);
    // Each of these starts with "/" but the browser resolves it to another host (or not at all).
    for (const url of ['/\\example.com/x', '//example.com/x', '/\\/example.com', '/\t/example.com', 'https://example.com', 'javascript:alert(1)', '']) {
      expect(isSitePath(url, origin), JSON.stringify(url)).toBe(false);
    }
    const store = new MemoryStorage();
    store.setItem(RECENT_KEY, JSON.stringify([{title: 'x', url: '/\\example.com/x'}, {title: 'ok', url: '/ok'}]));
    expect(readRecent(store, origin)).toEqual([{title: 'ok', url: '/ok'}]);
    // Nor is one ever stored.
    expect(addRecent({title: 'x', url: '/\\example.com/x'}, store, origin)).toEqual([{title: 'ok', url: '/ok'}]);
  });

  it('clears', () => {
    const store = new MemoryStorage();
    addRecent({title: 'a', url: '/a'}, store);
    clearRecent(store);
    expect(readRecent(store)).toEqual([]);
  });
});
