import type {ReactNode} from 'react';
import clsx from 'clsx';
import {SEARCH_SUGGESTIONS} from '@site/src/search/suggestions';
import styles from './styles.module.css';

/**
 * The messages the search dialog and the /search page share (spec §8): the
 * empty state with its suggestions and the failure state. Each place passes
 * `className` for its own spacing and alignment.
 */

export function NoResults({query, where, onSuggestion, className}: {
  query: string;
  /** The section the search was narrowed to, if any. */
  where?: string | undefined;
  onSuggestion: (suggestion: string) => void;
  className?: string | undefined;
}): ReactNode {
  return (
    <div className={clsx(styles.message, className)}>
      <p className={styles.title}>
        No results for “<strong>{query}</strong>”{where ? ` in ${where}` : ''}
      </p>
      <p>Try searching for</p>
      <ul className={styles.suggestions}>
        {SEARCH_SUGGESTIONS.map((s) => (
          <li key={s}>
            <button type="button" className={styles.suggestion} onClick={() => onSuggestion(s)}>
              {s}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SearchFailed({className}: {className?: string | undefined}): ReactNode {
  return (
    <div className={clsx(styles.message, className)}>
      <p className={styles.title}>Unable to fetch results</p>
      <p>You might want to check your network connection.</p>
    </div>
  );
}
