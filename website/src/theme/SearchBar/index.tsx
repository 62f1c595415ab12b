import {lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {SearchModalProps} from '@site/src/components/SearchModal';
import type {SearchSettings} from '@site/src/search/types';
import styles from './styles.module.css';

/**
 * The navbar search button. Everything else (the dialog, the engine, the
 * index) loads when the reader first opens search, so reading pages carry
 * only this button and its shortcuts: Ctrl/Cmd+K anywhere, "/" outside a field.
 * When the pointer rests on the button or it gets focus, the dialog's code and
 * the index start loading, so a first query does not wait for them.
 */

function Unavailable({onClose}: SearchModalProps): ReactNode {
  // Shown when the dialog's own code cannot be fetched (offline after the page loaded).
  return (
    <div className={styles.unavailable} role="dialog" aria-modal="true" aria-labelledby="search-unavailable">
      <p id="search-unavailable">Unable to fetch results</p>
      <p>You might want to check your network connection.</p>
      <button type="button" className="button button--secondary button--sm" autoFocus onClick={() => onClose('dismiss')}>
        Close
      </button>
    </div>
  );
}

function lazyModal(): ComponentType<SearchModalProps> {
  return lazy(() =>
    import('@site/src/components/SearchModal').catch(() => {
      // Let the next opening try again instead of remembering the failure.
      setTimeout(() => (Modal = lazyModal()), 0);
      return {default: Unavailable};
    }),
  );
}
let Modal = lazyModal();

let warmed = false;
function warm(settings: SearchSettings, locale: string, baseUrl: string): void {
  if (warmed) return;
  warmed = true;
  import('@site/src/components/SearchModal').catch(() => undefined);
  import('@site/src/search/preload').then(
    (m) => m.preloadSearch(settings, locale, baseUrl),
    () => {
      warmed = false;
    },
  );
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const [mac, setMac] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  const {siteConfig, i18n} = useDocusaurusContext();
  const onIntent = useCallback(
    () => warm((siteConfig.customFields?.['search'] ?? {}) as SearchSettings, i18n.currentLocale, siteConfig.baseUrl),
    [siteConfig, i18n.currentLocale],
  );

  const close = useCallback((reason: 'dismiss' | 'navigate') => {
    restoreFocus.current = reason === 'dismiss';
    setOpen(false);
  }, []);

  useEffect(() => {
    setMac(/mac|iphone|ipad/i.test(navigator.platform));
    function onKeyDown(event: KeyboardEvent): void {
      if (event.defaultPrevented || event.isComposing) return;
      const k = event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!k && !slash) return;
      event.preventDefault();
      if (k) {
        restoreFocus.current = true;
        setOpen((o) => !o);
      } else setOpen(true);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (!open && restoreFocus.current) {
      restoreFocus.current = false;
      button.current?.focus();
    }
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label="Search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={() => setOpen(true)}>
        <svg className={styles.icon} width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.4 12.9l4.2 4.2-1.5 1.5-4.2-4.2a7 7 0 1 1 1.5-1.5zM8.5 13.5a5 5 0 1 0 0-10 5 5 0 0 0 0 10z"
            fill="currentColor"
          />
        </svg>
        <span className={styles.label}>Search</span>
        <kbd className={styles.keys} aria-hidden="true">
          {mac ? '⌘' : 'Ctrl'} K
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <Modal onClose={close} />
        </Suspense>
      )}
    </>
  );
}
