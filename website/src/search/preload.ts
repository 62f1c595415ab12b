import {loadSearchEngine} from './loadEngine';
import type {SearchSettings} from './types';

/**
 * Called by the navbar's search button when the pointer rests on it or it
 * gets focus: starts fetching the local index before the dialog opens. A
 * hosted engine is left to the dialog, which knows the docs' search tags.
 */
export function preloadSearch(settings: SearchSettings, locale: string, baseUrl: string): void {
  if (settings.hosted) return;
  loadSearchEngine(settings, {locale, tags: [], baseUrl}).then(
    (engine) => engine.preload?.(),
    () => undefined,
  );
}
