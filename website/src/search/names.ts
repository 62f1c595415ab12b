/**
 * Exact names. The indexer writes `search-names.json` next to the Pagefind
 * index: every name a page is *the* page for (an operation's API name, SDK
 * method, title, activity type, HTTP path and aliases from the API document;
 * a schema's name and enumeration values; a guide's title), squashed, mapped
 * to that page. A query that squashes to one of them ranks that page first:
 * "create wallet", "createWallet", "create_wallet" and "Create a wallet" all
 * name /api/wallets/create-wallet.
 */
export const NAMES_FILE = 'search-names.json';

/** Letters and digits only, lower case: the form in which two spellings of a name compare equal. */
export function squash(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** key (squashed name) → site path of the page it names. */
export type NameIndex = Record<string, string>;

/** Names shorter than this are ordinary words ("key", "tag"), not names. */
export const MIN_NAME_LENGTH = 4;

/** Keys of names that count only when the query is written as a name (a schema's: `WalletAccount`). */
export const NAME_ONLY_PREFIX = '~';

/** Written as a name: snake_case, camelCase, or one capitalised word (`Wallet`, `AddressFormat`). */
export function writtenAsName(query: string): boolean {
  const q = query.trim();
  return /[A-Za-z0-9]_[A-Za-z0-9]|[a-z][A-Z]/.test(q) || /^[A-Z][A-Za-z0-9]*$/.test(q);
}

export function pageNamedBy(query: string, names: NameIndex): string | undefined {
  const key = squash(query);
  if (key.length < MIN_NAME_LENGTH) return undefined;
  const own = (k: string): string | undefined => (Object.prototype.hasOwnProperty.call(names, k) ? names[k] : undefined);
  return (writtenAsName(query) ? own(`${NAME_ONLY_PREFIX}${key}`) : undefined) ?? own(key);
}

/** Parses the names file defensively: only string keys to site paths. */
export function parseNameIndex(value: unknown): NameIndex {
  const out: NameIndex = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const [key, url] of Object.entries(value as Record<string, unknown>)) {
    if (key === '__proto__') continue;
    if (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//')) out[key] = url;
  }
  return out;
}
