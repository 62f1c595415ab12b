// `sigil-search-hosted` is an alias set by plugins/search-index: hostedEngine.ts
// when the hosted service is configured, hostedUnavailable.ts otherwise.
declare module 'sigil-search-hosted' {
  import type {HostedSearchSettings, SearchContext, SearchEngine} from '@site/src/search/types';
  export function createHostedEngine(settings: HostedSearchSettings, context: SearchContext): SearchEngine;
}
