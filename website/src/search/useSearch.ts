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
  const trimmed = query.trim();
  const {section, limit, debounceMs = 100} = options;
  // Which query, section and limit an answer is for. The state holds only answers; "loading" is derived in
  // the render that shows the keystroke, not set by the effect (a second render and frame per keystroke,
  // ahead of the results on a slow phone).
  const key = JSON.stringify([trimmed, section ?? null, limit ?? null]);
  const [answer, setAnswer] = useState<{key: string; state: SearchState} | undefined>(undefined);
  const lastStart = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (trimmed === '') {
      // An emptied box forgets the results: the next query starts from "Searching…", not from old results.
      setAnswer(undefined);
      return undefined;
    }
    let current = true;
    const settle = (state: SearchState): void => {
      if (current) setAnswer({key, state});
    };
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
              if (current) flushSync(() => settle({status: 'done', query: trimmed, outcome, ...(section ? {section} : {})}));
            },
          }),
        )
        .then(
          (outcome) => settle({status: 'done', query: trimmed, outcome, ...(section ? {section} : {})}),
          (error: unknown) => {
            if (!current) return;
            console.error('Search failed', error);
            settle({status: 'error', query: trimmed});
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
    // key is derived from trimmed, section and limit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trimmed, section, limit, debounceMs, settings, context]);

  if (trimmed === '') return IDLE;
  if (answer?.key === key) return answer.state;
  // Until this query's answer comes, the last results stay on screen (an error or an emptied box leaves none).
  const last = answer?.state;
  return {
    status: 'loading',
    query: trimmed,
    ...(last?.status === 'done' ? {previous: {query: last.query, outcome: last.outcome, ...(last.section ? {section: last.section} : {})}} : {}),
  };
}

const IDLE: SearchState = {status: 'idle'};
