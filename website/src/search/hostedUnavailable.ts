import type {HostedSearchSettings, SearchContext, SearchEngine} from './types';

/**
 * Stands in for hostedEngine.ts when no hosted service is configured, so the
 * service's client library is not part of the build at all.
 */
export function createHostedEngine(_settings: HostedSearchSettings, _context: SearchContext): SearchEngine {
  throw new Error('The hosted search service is not configured (set SIGIL_SEARCH_APP_ID, SIGIL_SEARCH_API_KEY and SIGIL_SEARCH_INDEX).');
}
