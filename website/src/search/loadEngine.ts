import {createPagefindEngine} from './pagefindEngine';
import type {SearchContext, SearchEngine, SearchSettings} from './types';

let engine: Promise<SearchEngine> | undefined;
let loaded: SearchEngine | undefined;

/** The engine if it is already created (a keystroke's handler cannot wait for a promise). */
export function loadedSearchEngine(): SearchEngine | undefined {
  return loaded;
}

/**
 * The engine for this site, created once per page load: the hosted service
 * when configured (its adapter is fetched only then), the local index otherwise.
 */
export function loadSearchEngine(settings: SearchSettings, context: SearchContext): Promise<SearchEngine> {
  if (!engine) {
    const hosted = settings.hosted;
    engine = hosted
      ? import('sigil-search-hosted').then((m) => m.createHostedEngine(hosted, context))
      : Promise.resolve(createPagefindEngine(context.baseUrl));
    engine.then(
      (e) => {
        loaded = e;
      },
      () => {
        engine = undefined;
      },
    );
  }
  return engine;
}
