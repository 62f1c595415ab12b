import {createPagefindEngine} from './pagefindEngine';
import type {SearchContext, SearchEngine, SearchSettings} from './types';

let engine: Promise<SearchEngine> | undefined;

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
    engine.catch(() => {
      engine = undefined;
    });
  }
  return engine;
}
