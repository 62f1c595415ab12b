import type {MouseEvent, ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import {useBaseUrlUtils} from '@docusaurus/useBaseUrl';

interface Props {
  /** Path of a page on this site, with an optional `#anchor`. */
  to: string;
  className?: string;
  children: ReactNode;
}

/**
 * A link to a search result. Docusaurus's `Link` prefetches the code of
 * every linked page that scrolls into view: for a list of results that is
 * ten pages' code fetched, and the main thread busy adding their tags, on
 * every keystroke. This one navigates within the app like `Link` and loads a
 * page's code only when the reader points at or focuses its link.
 */
export default function ResultLink({to, className, children}: Props): ReactNode {
  const history = useHistory();
  const {withBaseUrl} = useBaseUrlUtils();
  const href = withBaseUrl(to);
  const preload = (): void => {
    const pending = window.docusaurus.preload(href);
    if (pending) pending.catch(() => undefined);
  };
  function onClick(event: MouseEvent<HTMLAnchorElement>): void {
    // New tab, new window, download: the browser's own behavior.
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    history.push(href);
  }
  return (
    <a href={href} className={className} onClick={onClick} onMouseEnter={preload} onFocus={preload}>
      {children}
    </a>
  );
}
