import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {flushSync} from 'react-dom';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useDocsContextualSearchTags} from '@docusaurus/plugin-content-docs/client';
import {loadedSearchEngine, loadSearchEngine} from './loadEngine';
import type {SearchContext, SearchOutcome, SearchSettings, SectionName} from './types';

/** Results with the section they were narrowed to, so a page never labels old results with a new filter. */
export interface Answer {
  query: string;
  outcome: SearchOutcome;
  section?: SectionName;
}

export type SearchState =
  | {status: 'idle'}
  | {status: 'loading'; query: string; previous?: Answer}
  | ({status: 'done'} & Answer)
  | {status: 'error'; query: string};

/** Docusaurus's default search tag, added to the docs version tags as its Algolia integration does. */
const DEFAULT_SEARCH_TAG = 'default';

function useSearchContext(): {settings: SearchSettings; context: SearchContext} {
  const {siteConfig, i18n} = useDocusaurusContext();
  const docsTags = useDocsContextualSearchTags();
  const settings = (siteConfig.customFields?.['search'] ?? {}) as SearchSettings;
  const tagKey = docsTags.join(' ');
  return useMemo(
    () => ({
      settings,
      context: {locale: i18n.currentLocale, tags: [DEFAULT_SEARCH_TAG, ...tagKey.split(' ').filter(Boolean)], baseUrl: siteConfig.baseUrl},
    }),
    // settings is static site config; the tags change with the docs version.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tagKey, i18n.currentLocale, siteConfig.baseUrl],
  );
}

/**
 * A callback that starts fetching the engine and its index (a reader focused
 * a search box, so a query is coming). Never on a page's first load.
 */
export function usePreloadSearch(): () => void {
  const {settings, context} = useSearchContext();
  return useCallback(() => {
    loadSearchEngine(settings, context).then(
      (engine) => engine.preload?.(),
      () => undefined,
    );
  }, [settings, context]);
}

/**
 * Starts fetching what a search for a query needs, from the keystroke's
 * handler: the requests then run while the UI renders the keystroke (on a
 * slow phone, several ms) and, while the reader keeps typing, during the
 * pause the search waits for. Does nothing before the engine exists.
 */
export function prepareSearch(query: string): void {
  try {
    loadedSearchEngine()?.prepare?.(query);
  } catch {
    // Only a head start: the search itself reports failures.
  }
}

/**
 * Searches as the query changes: at once for the first change after a pause
 * (so a query shows its results without waiting), then, while the reader
 * keeps typing, once per pause of `debounceMs`. Answers to older queries that
 * arrive late are dropped.
 */
export function useSearch(query: string, options: {section?: SectionName; limit?: number; debounceMs?: number} = {}): SearchState {
  const {settings, context} = useSearchContext();
  const [state, setState] = useState<SearchState>({status: 'idle'});
  const trimmed = query.trim();
  const {section, limit, debounceMs = 100} = options;
  const lastStart = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (trimmed === '') {
      setState({status: 'idle'});
      return undefined;
    }
    let current = true;
    setState((prev) => ({
      status: 'loading',
      query: trimmed,
      ...(prev.status === 'done'
        ? {previous: {query: prev.query, outcome: prev.outcome, ...(prev.section ? {section: prev.section} : {})}}
        : prev.status === 'loading' && prev.previous
          ? {previous: prev.previous}
          : {}),
    }));
    const delay = Date.now() - lastStart.current >= debounceMs ? 0 : debounceMs;
    const start = (): void => {
      lastStart.current = Date.now();
      loadSearchEngine(settings, context)
        .then((engine) =>
          engine.search(trimmed, {
            ...(section ? {section} : {}),
            ...(limit ? {limit} : {}),
            // The results before their excerpts: shown at once, replaced when the search resolves. Committed
            // before the engine goes on, so its excerpt work waits for the frame that paints them (types.ts).
            onPreview: (outcome) => {
              if (current) flushSync(() => setState({status: 'done', query: trimmed, outcome, ...(section ? {section} : {})}));
            },
          }),
        )
        .then(
          (outcome) => current && setState({status: 'done', query: trimmed, outcome, ...(section ? {section} : {})}),
          (error: unknown) => {
            if (!current) return;
            console.error('Search failed', error);
            setState({status: 'error', query: trimmed});
          },
        );
    };
    // After a pause, start now: effects of a keystroke run before the browser paints, so the query's
    // work begins without waiting for a frame and a timer (about 25 ms on a slow phone).
    const timer = delay === 0 ? undefined : setTimeout(start, delay);
    if (delay === 0) start();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, section, limit, debounceMs, settings, context]);

  return state;
}
