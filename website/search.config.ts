/**
 * Site search. By default the site searches a local index built with it
 * (Pagefind; no request leaves the site). Setting all three variables below
 * switches the same search UI to a hosted Algolia-compatible index of the
 * site (DocSearch record shape) with contextual search:
 *
 *   SIGIL_SEARCH_APP_ID   application id
 *   SIGIL_SEARCH_API_KEY  search-only API key (public: it ships in the page)
 *   SIGIL_SEARCH_INDEX    index name
 */
import type {SearchSettings} from './src/search/types';

const env = (name: string): string => process.env[name]?.trim() ?? '';

function hostedFromEnv(): SearchSettings['hosted'] {
  const appId = env('SIGIL_SEARCH_APP_ID');
  const apiKey = env('SIGIL_SEARCH_API_KEY');
  const indexName = env('SIGIL_SEARCH_INDEX');
  const set = [appId, apiKey, indexName].filter((v) => v !== '').length;
  if (set === 0) return undefined;
  if (set < 3) {
    throw new Error('Hosted search needs all of SIGIL_SEARCH_APP_ID, SIGIL_SEARCH_API_KEY and SIGIL_SEARCH_INDEX (or none of them).');
  }
  return {appId, apiKey, indexName};
}

const hosted = hostedFromEnv();

/** Passed to the browser as `customFields.search`. */
export const searchSettings: SearchSettings = hosted ? {hosted} : {};

/**
 * Hosts the browser may contact for search (Content Security Policy
 * `connect-src`): the hosted service's search hosts when it is configured,
 * none otherwise.
 */
export const searchConnectSrc: string[] = hosted
  ? [`https://${hosted.appId}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${hosted.appId}-${n}.algolianet.com`)]
  : [];
