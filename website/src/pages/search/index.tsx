import {memo, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';
import ResultLink from '@site/src/components/ResultLink';
import {NoResults, SearchFailed} from '@site/src/components/SearchMessages';
import {HeadingPath, Highlighted} from '@site/src/components/SearchText';
import {SEARCHING_DELAY_MS, useDelayedFlag} from '@site/src/search/delayedFlag';
import {capQuery, MAX_QUERY_LENGTH} from '@site/src/search/query';
import {highlightTerms, queryTerms} from '@site/src/search/text';
import {SECTIONS, type ResultGroup, type SectionName} from '@site/src/search/types';
import {prepareSearch, usePreloadSearch, useSearch} from '@site/src/search/useSearch';
import styles from './styles.module.css';

/** Results per step ("Show more results" adds as many): each costs a fragment download and its rendering. */
const PAGE_SIZE = 10;

function isSection(value: string | null): value is SectionName {
  return (SECTIONS as readonly string[]).includes(value ?? '');
}

/** How long the address waits for typing to pause: replacing it on every keystroke costs each keystroke a few ms. */
const URL_DELAY_MS = 300;

/** Keeps the query (and the section filter) in the address, without adding history entries. */
function writeUrl(query: string, section: SectionName | undefined): void {
  const params = new URLSearchParams();
  if (query !== '') params.set('q', query);
  if (section) params.set('section', section);
  const search = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
}

/**
 * The result list. Memoised on the answer: a keystroke re-renders the page
 * while the previous results stay on screen, and should not rebuild them.
 * Titles are marked with the words of the query they answer.
 */
const ResultList = memo(function ResultList({groups, query, pending}: {groups: readonly ResultGroup[]; query: string; pending: boolean}): ReactNode {
  const terms = useMemo(() => queryTerms(query), [query]);
  return (
    // Busy while a preview waits for its excerpts (the benchmark times both moments).
    <ol className={styles.results} aria-label="Search results" aria-busy={pending ? true : undefined}>
      {groups.map((group) => {
        const hits = group.hits.filter((hit) => hit.headings.length > 0 || hit.excerpt.length > 0);
        return (
          <li key={group.url} className={styles.result}>
            <h2 className={styles.pageTitle}>
              <ResultLink to={group.url}>
                <Highlighted segments={highlightTerms(group.title, terms)} />
              </ResultLink>
            </h2>
            <p className={styles.meta}>
              {group.section} · <span className={styles.path}>{group.url}</span>
            </p>
            {hits.length > 0 && (
              <ul className={styles.hits}>
                {hits.map((hit) => (
                  <li key={hit.url} className={styles.hit}>
                    {hit.headings.length > 0 && (
                      <ResultLink to={hit.url} className={styles.hitLink}>
                        <HeadingPath parts={[group.title, ...hit.headings]} terms={terms} />
                      </ResultLink>
                    )}
                    <p className={styles.excerpt}>
                      <Highlighted segments={hit.excerpt} />
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
});

/**
 * The section filters with their counts. Memoised: React writes `name` and
 * `type` again on every input it updates, so re-rendering the seven radios
 * on each keystroke costs that keystroke's commit and frame for nothing.
 */
const SectionFilters = memo(function SectionFilters({
  id,
  section,
  counts,
  onSelect,
}: {
  id: string;
  section: SectionName | undefined;
  /** Results per section, or undefined when no counts are shown. */
  counts: Partial<Record<SectionName, number>> | undefined;
  onSelect: (section: SectionName | undefined) => void;
}): ReactNode {
  const allCount = counts ? SECTIONS.reduce((n, s) => n + (counts[s] ?? 0), 0) : 0;
  return (
    <fieldset className={styles.filters}>
      <legend className={styles.label}>Section</legend>
      {[undefined, ...SECTIONS].map((s) => (
        <label key={s ?? 'all'} className={styles.filter}>
          <input type="radio" name={`${id}-section`} checked={section === s} onChange={() => onSelect(s)} />
          <span>
            {s ?? 'All sections'}
            {counts && <span className={styles.count}> ({s ? (counts[s] ?? 0) : allCount})</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
});

function SearchPageContent(): ReactNode {
  const id = useId();
  const [query, setQuery] = useState('');
  const [section, setSection] = useState<SectionName | undefined>();
  const [limit, setLimit] = useState(PAGE_SIZE);
  const state = useSearch(query, {...(section ? {section} : {}), limit});
  const preload = usePreloadSearch();
  const pendingUrl = useRef<{timer: ReturnType<typeof setTimeout>; write: () => void} | undefined>(undefined);

  function flushUrl(): void {
    const pending = pendingUrl.current;
    if (!pending) return;
    clearTimeout(pending.timer);
    pendingUrl.current = undefined;
    pending.write();
  }

  // Leaving the page drops a write not yet made (the address is the next page's by then).
  useEffect(() => () => clearTimeout(pendingUrl.current?.timer), []);

  useEffect(() => {
    // The address is read after hydration: the static page is the same for every query.
    const params = new URLSearchParams(window.location.search);
    // Cut as the input box is: the address can carry any length.
    setQuery(capQuery(params.get('q') ?? ''));
    const s = params.get('section');
    if (isSection(s)) setSection(s);
  }, []);

  function update(nextQuery: string, nextSection: SectionName | undefined, typed = false): void {
    setQuery(nextQuery);
    setSection(nextSection);
    setLimit(PAGE_SIZE);
    // A newer address replaces the one still waiting.
    clearTimeout(pendingUrl.current?.timer);
    pendingUrl.current = undefined;
    const write = (): void => writeUrl(nextQuery, nextSection);
    if (!typed) write();
    // Written when typing pauses, or when the box loses focus (before a result link is followed).
    else pendingUrl.current = {timer: setTimeout(flushUrl, URL_DELAY_MS), write};
  }

  const answer = state.status === 'done' ? state : state.status === 'loading' ? state.previous : undefined;
  const outcome = answer?.outcome;
  // The section the shown results belong to (the filter may already have moved on).
  const shownSection = answer?.section;
  const shownCounts = outcome && query.trim() !== '' ? outcome.sectionCounts : undefined;
  // Stable across keystrokes, so the filters re-render only when their counts or the section change.
  const queryRef = useRef(query);
  queryRef.current = query;
  // `update` only sets state and reads refs, so the first render's copy does what every later one would.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const selectSection = useCallback((s: SectionName | undefined) => update(queryRef.current, s), []);
  // "Searching…" only when a search takes a while (no results on screen meanwhile).
  const slow = useDelayedFlag(state.status === 'loading' && !outcome, SEARCHING_DELAY_MS);

  let status: ReactNode = null;
  if (state.status === 'error') {
    status = <SearchFailed className={styles.message} />;
  } else if (state.status === 'done' && outcome && outcome.total === 0) {
    status = <NoResults query={state.query} where={shownSection} onSuggestion={(s) => update(s, section)} className={styles.message} />;
  } else if (outcome && outcome.total > 0) {
    status = (
      <p className={styles.summary}>
        {outcome.correctedQuery && <>No results for “{answer?.query}”. Showing results for “{outcome.correctedQuery}”. </>}
        {outcome.total} {outcome.total === 1 ? 'page' : 'pages'} found for “{outcome.correctedQuery ?? answer?.query}”
        {shownSection ? ` in ${shownSection}` : ''}.
      </p>
    );
  } else if (slow) {
    status = <p className={styles.summary}>Searching…</p>;
  }

  return (
    <main className={`container margin-vert--lg ${styles.page}`}>
      <Heading as="h1">Search the documentation</Heading>
      <form role="search" className={styles.form} onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={`${id}-q`} className={styles.label}>
          Search query
        </label>
        <input
          id={`${id}-q`}
          className={styles.input}
          type="search"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Search docs"
          value={query}
          onChange={(e) => {
            prepareSearch(e.target.value);
            update(e.target.value, section, true);
          }}
          onFocus={preload}
          onBlur={flushUrl}
        />
        <SectionFilters id={id} section={section} counts={shownCounts} onSelect={selectSection} />
      </form>
      <div role="status">{status}</div>
      {outcome && outcome.groups.length > 0 && state.status !== 'error' && (
        <>
          <ResultList groups={outcome.groups} query={answer?.query ?? ''} pending={outcome.pending === true} />
          {outcome.total > outcome.groups.length && (
            <button type="button" className="button button--secondary" onClick={() => setLimit((l) => l + PAGE_SIZE)}>
              Show more results
            </button>
          )}
        </>
      )}
    </main>
  );
}

export default function SearchPage(): ReactNode {
  return (
    <Layout title="Search the documentation" description="Search every page of the Sigil documentation, SDKs, solutions, API reference and changelog.">
      <Head>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <SearchPageContent />
    </Layout>
  );
}
