/**
 * Recently chosen results, kept in localStorage. Only what the reader picked
 * is stored (a title and an address on this site), never what they typed.
 */
export interface RecentResult {
  title: string;
  url: string;
}

export const RECENT_KEY = 'sigil-search-recent';
export const RECENT_MAX = 5;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings); search works without it.
    return undefined;
  }
}

function isRecent(value: unknown): value is RecentResult {
  if (typeof value !== 'object' || value === null) return false;
  const {title, url} = value as Record<string, unknown>;
  // Only paths on this site: a tampered entry must not become an outside link.
  return typeof title === 'string' && typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

export function readRecent(store: Storage | undefined = storage()): RecentResult[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function addRecent(entry: RecentResult, store: Storage | undefined = storage()): RecentResult[] {
  const next = [entry, ...readRecent(store).filter((r) => r.url !== entry.url)].slice(0, RECENT_MAX);
  try {
    store?.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // Quota or disabled storage: the list simply is not remembered.
  }
  return next;
}

export function clearRecent(store: Storage | undefined = storage()): void {
  try {
    store?.removeItem(RECENT_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
