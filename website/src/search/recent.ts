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

const currentOrigin = (): string => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/**
 * Whether `url` is a path on this site, judged as the browser will resolve it:
 * `/\\example.com/x` and `//example.com` look like paths but lead elsewhere
 * (and throw in the router), so only what resolves to this origin is kept.
 */
export function isSitePath(url: string, origin: string = currentOrigin()): boolean {
  if (!url.startsWith('/') || url.length > 2048) return false;
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

function isRecent(value: unknown, origin: string): value is RecentResult {
  if (typeof value !== 'object' || value === null) return false;
  const {title, url} = value as Record<string, unknown>;
  // Only paths on this site: a tampered entry must not become an outside link.
  return typeof title === 'string' && title.length <= 500 && typeof url === 'string' && isSitePath(url, origin);
}

export function readRecent(store: Storage | undefined = storage(), origin: string = currentOrigin()): RecentResult[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is RecentResult => isRecent(v, origin)).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export function addRecent(entry: RecentResult, store: Storage | undefined = storage(), origin: string = currentOrigin()): RecentResult[] {
  const kept = readRecent(store, origin).filter((r) => r.url !== entry.url);
  const next = (isRecent(entry, origin) ? [entry, ...kept] : kept).slice(0, RECENT_MAX);
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
