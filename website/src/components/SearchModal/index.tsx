import {useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {NoResults, SearchFailed} from '@site/src/components/SearchMessages';
import {HeadingPath, Highlighted} from '@site/src/components/SearchText';
import {SEARCHING_DELAY_MS, useDelayedFlag} from '@site/src/search/delayedFlag';
import {capQuery, MAX_QUERY_LENGTH} from '@site/src/search/query';
import {addRecent, clearRecent, readRecent, type RecentResult} from '@site/src/search/recent';
import {queryTerms} from '@site/src/search/text';
import type {ResultGroup, SearchHit} from '@site/src/search/types';
import {prepareSearch, usePreloadSearch, useSearch} from '@site/src/search/useSearch';
import styles from './styles.module.css';

export interface SearchModalProps {
  /** `dismiss` returns focus to the search button; `navigate` leaves it to the new page. */
  onClose: (reason: 'dismiss' | 'navigate') => void;
}

/** How many pages the dialog lists; "See all results" shows the rest. */
export const MODAL_PAGE_LIMIT = 8;

interface Choice {
  id: string;
  url: string;
  /** What the recent-searches list shows for it. */
  title: string;
  group?: ResultGroup;
  hit?: SearchHit;
}

function searchPageUrl(base: string, query: string): string {
  return `${base}?q=${encodeURIComponent(query.trim())}`;
}

/** Everything focusable inside the dialog, for keeping Tab within it. */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'));
}

export default function SearchModal({onClose}: SearchModalProps): ReactNode {
  const id = useId();
  const history = useHistory();
  const searchPage = useBaseUrl('/search');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<RecentResult[]>(() => readRecent());
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const state = useSearch(query, {limit: MODAL_PAGE_LIMIT});
  const preload = usePreloadSearch();
  // Opened with the keyboard shortcut, the dialog is the first sign a query is coming.
  useEffect(preload, [preload]);
  const terms = useMemo(() => queryTerms(query), [query]);

  const outcome = state.status === 'done' ? state.outcome : state.status === 'loading' ? state.previous?.outcome : undefined;
  // As on /search: "Searching…" only when a search with nothing on screen takes a while.
  const slow = useDelayedFlag(state.status === 'loading' && !outcome, SEARCHING_DELAY_MS);
  const showRecent = query.trim() === '';

  const choices: Choice[] = useMemo(() => {
    if (showRecent) return recent.map((r, i) => ({id: `${id}-recent-${i}`, url: r.url, title: r.title}));
    const list: Choice[] = [];
    outcome?.groups.forEach((group) =>
      group.hits.forEach((hit) =>
        list.push({id: `${id}-option-${list.length}`, url: hit.url, title: [group.title, ...hit.headings].join(' › '), group, hit}),
      ),
    );
    return list;
  }, [showRecent, recent, outcome, id]);

  // A fresh list starts on its first entry, so Enter opens the best match.
  useEffect(() => setActive(showRecent ? -1 : choices.length > 0 ? 0 : -1), [choices, showRecent]);

  useEffect(() => {
    const app = document.getElementById('__docusaurus');
    const overflow = document.body.style.overflow;
    app?.setAttribute('inert', '');
    document.body.style.overflow = 'hidden';
    input.current?.focus();
    return () => {
      app?.removeAttribute('inert');
      document.body.style.overflow = overflow;
    };
  }, []);

  useEffect(() => {
    const current = choices[active];
    if (current) document.getElementById(current.id)?.scrollIntoView({block: 'nearest'});
  }, [active, choices]);

  const choose = useCallback(
    (choice: Choice) => {
      setRecent(addRecent({title: choice.title, url: choice.url}));
      history.push(choice.url);
      onClose('navigate');
    },
    [history, onClose],
  );

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    const n = choices.length;
    if (event.key === 'ArrowDown' && n > 0) {
      event.preventDefault();
      setActive((a) => (a + 1) % n);
    } else if (event.key === 'ArrowUp' && n > 0) {
      event.preventDefault();
      setActive((a) => (a <= 0 ? n - 1 : a - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const choice = choices[active];
      if (choice) choose(choice);
      else if (query.trim() !== '') {
        history.push(searchPageUrl(searchPage, query));
        onClose('navigate');
      }
    }
  }

  function onDialogKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose('dismiss');
    } else if (event.key === 'Tab' && dialog.current) {
      const items = focusables(dialog.current);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  const listboxId = `${id}-listbox`;
  const activeChoice = choices[active];
  // The recent list or the results: the listbox the input controls exists only with entries.
  const hasListbox = choices.length > 0;

  function option(choice: Choice, index: number, content: ReactNode): ReactNode {
    return (
      <div
        key={choice.id}
        id={choice.id}
        role="option"
        aria-selected={index === active}
        className={styles.option}
        onMouseMove={() => index !== active && setActive(index)}
        onClick={() => choose(choice)}>
        {content}
      </div>
    );
  }

  let body: ReactNode;
  let announcement = '';
  if (showRecent) {
    body =
      recent.length > 0 ? (
        <>
          <div className={styles.listHeader}>
            <span id={`${id}-recent`}>Recent</span>
            <button
              type="button"
              className={styles.textButton}
              onClick={() => {
                clearRecent();
                setRecent([]);
                input.current?.focus();
              }}>
              Clear recent searches
            </button>
          </div>
          <div role="listbox" id={listboxId} aria-labelledby={`${id}-recent`} className={styles.listbox}>
            {choices.map((c, i) => option(c, i, <span className={styles.hitTitle}>{c.title}</span>))}
          </div>
        </>
      ) : (
        <p className={styles.message}>Type to search the documentation, SDKs, solutions, API reference and changelog.</p>
      );
  } else if (state.status === 'error') {
    announcement = 'Unable to fetch results';
    body = <SearchFailed className={styles.message} />;
  } else if (outcome && outcome.groups.length > 0) {
    announcement = `${outcome.total} ${outcome.total === 1 ? 'page' : 'pages'} found`;
    let index = 0;
    body = (
      <>
        {outcome.correctedQuery && (
          <p className={styles.correction}>
            No results for “{state.status === 'done' ? state.query : state.status === 'loading' ? state.previous?.query : ''}”. Showing
            results for “{outcome.correctedQuery}”.
          </p>
        )}
        <div role="listbox" id={listboxId} aria-label="Search results" aria-busy={outcome.pending ? true : undefined} className={styles.listbox}>
          {outcome.groups.map((group, g) => (
            <div key={group.url} role="group" aria-labelledby={`${id}-group-${g}`} className={styles.group}>
              <div id={`${id}-group-${g}`} className={styles.groupTitle}>
                <span>{group.title}</span>
                <span className={styles.section}>{group.section}</span>
              </div>
              {group.hits.map((hit) => {
                const choice = choices[index]!;
                return option(
                  choice,
                  index++,
                  <>
                    <span className={styles.hitTitle}>
                      <HeadingPath parts={[group.title, ...hit.headings]} terms={terms} />
                    </span>
                    {hit.excerpt.length > 0 && (
                      <span className={styles.excerpt}>
                        <Highlighted segments={hit.excerpt} />
                      </span>
                    )}
                  </>,
                );
              })}
            </div>
          ))}
        </div>
      </>
    );
  } else if (state.status === 'done') {
    announcement = `No results for ${state.query}`;
    body = (
      <NoResults
        query={state.query}
        className={styles.message}
        onSuggestion={(s) => {
          setQuery(s);
          input.current?.focus();
        }}
      />
    );
  } else {
    // Until then the message line stays, empty, so the dialog keeps its height.
    body = <p className={styles.message}>{slow ? 'Searching…' : null}</p>;
  }

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose('dismiss')}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-label="Search the documentation"
        className={styles.dialog}
        onKeyDown={onDialogKeyDown}>
        <form role="search" className={styles.form} onSubmit={(e) => e.preventDefault()}>
          <svg className={styles.icon} width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M14.4 12.9l4.2 4.2-1.5 1.5-4.2-4.2a7 7 0 1 1 1.5-1.5zM8.5 13.5a5 5 0 1 0 0-10 5 5 0 0 0 0 10z"
              fill="currentColor"
            />
          </svg>
          <input
            ref={input}
            className={styles.input}
            type="search"
            role="combobox"
            aria-label="Search the documentation"
            aria-expanded={hasListbox}
            aria-controls={hasListbox ? listboxId : undefined}
            aria-activedescendant={activeChoice?.id}
            aria-autocomplete="list"
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="go"
            maxLength={MAX_QUERY_LENGTH}
            placeholder="Search docs"
            value={query}
            onChange={(e) => {
              prepareSearch(e.target.value);
              setQuery(capQuery(e.target.value));
            }}
            onKeyDown={onInputKeyDown}
          />
          <button type="button" className={styles.close} onClick={() => onClose('dismiss')} aria-label="Close search">
            <kbd>Esc</kbd>
          </button>
        </form>
        {/* Focusable so keyboard users can scroll long results (the options themselves are reached through the input). */}
        <div className={styles.body} tabIndex={0}>
          {body}
        </div>
        <div role="status" className={styles.visuallyHidden}>
          {announcement}
        </div>
        <div className={styles.footer}>
          {query.trim() !== '' ? (
            <Link to={searchPageUrl(searchPage, query)} onClick={() => onClose('navigate')}>
              See all results for “{query.trim()}”
            </Link>
          ) : (
            <span />
          )}
          <span className={styles.hints} aria-hidden="true">
            <kbd>↑</kbd>
            <kbd>↓</kbd> to move <kbd>↵</kbd> to open <kbd>Esc</kbd> to close
          </span>
        </div>
      </div>
    </div>,
    document.body,
  );
}
