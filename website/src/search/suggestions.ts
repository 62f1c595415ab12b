/**
 * Offered under "Try searching for" when a query finds nothing. Each must
 * find pages: the relevance suite (tests/e2e/search-relevance.spec.ts) checks it.
 */
export const SEARCH_SUGGESTIONS = ['wallet', 'passkey', 'policy', 'stamp'] as const;
