import {useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {copyText, copyTextFrom} from './copyMarkdown';
import toolbar from '../PageActions/toolbar.module.css';
import styles from './styles.module.css';

export interface CopyPageMenuProps {
  /** Where the page's Markdown twin is served (`/features/sessions.md`). */
  markdownUrl: string;
  /** No chatbot configured: the copy action is offered for pasting into the reader's own AI assistant. */
  forAssistant: boolean;
}

type Status = {kind: 'idle'} | {kind: 'copying'} | {kind: 'copied'; what: 'page' | 'address'} | {kind: 'failed'};

function CopyIcon(): ReactNode {
  return (
    <svg className={toolbar.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <rect x="5.5" y="5.5" width="8" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M10.5 3.5V3A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v7A1.5 1.5 0 0 0 4 11.5h.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function CheckIcon(): ReactNode {
  return (
    <svg className={toolbar.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * "Copy page": a split button. The main part copies the page's Markdown in
 * one click; the chevron opens a menu (WAI-ARIA menu button pattern) with the
 * other actions: open the Markdown version, copy its address. The Markdown is
 * fetched from the page's `.md` twin only when asked for.
 */
export default function CopyPageMenu({markdownUrl, forAssistant}: CopyPageMenuProps): ReactNode {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>({kind: 'idle'});
  const toggleRef = useRef<HTMLButtonElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const toggleId = `${id}-toggle`;
  const menuId = `${id}-menu`;
  const hintId = `${id}-hint`;

  const items = (): HTMLElement[] => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number): void => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  const openAt = (index: number): void => {
    setOpen(true);
    // The list is hidden until this render commits; focus it on the next frame.
    requestAnimationFrame(() => focusItem(index));
  };

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent): void => {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  useEffect(() => {
    if (status.kind !== 'copied' && status.kind !== 'failed') return undefined;
    const timer = setTimeout(() => setStatus({kind: 'idle'}), 4000);
    return () => clearTimeout(timer);
  }, [status]);

  const copyPage = async (): Promise<void> => {
    setStatus({kind: 'copying'});
    try {
      await copyTextFrom(markdownUrl);
      setStatus({kind: 'copied', what: 'page'});
    } catch {
      setStatus({kind: 'failed'});
    }
  };

  const copyAddress = async (): Promise<void> => {
    close(false);
    copyRef.current?.focus();
    try {
      await copyText(new URL(markdownUrl, window.location.href).href);
      setStatus({kind: 'copied', what: 'address'});
    } catch {
      setStatus({kind: 'failed'});
    }
  };

  const onToggleKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    // Enter and Space reach onClick as a native button click.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(-1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(-1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case ' ':
        // Space activates a menu item; links only react to Enter on their own.
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.click();
        break;
      default:
    }
  };

  const copied = status.kind === 'copied';
  const label = copied && status.what === 'page' ? 'Copied' : status.kind === 'failed' ? 'Copy failed' : 'Copy page';
  const announcement = copied
    ? status.what === 'page'
      ? 'The page is on your clipboard as Markdown.'
      : 'The address of the Markdown version is on your clipboard.'
    : status.kind === 'failed'
      ? 'Could not copy. Open the Markdown version and copy it from there.'
      : '';

  return (
    <div className={styles.root} ref={rootRef}>
      <div className={styles.split}>
        <button
          ref={copyRef}
          type="button"
          className={clsx(toolbar.button, styles.copy)}
          data-copy-page=""
          aria-describedby={hintId}
          aria-busy={status.kind === 'copying'}
          onClick={() => void copyPage()}>
          {copied && status.what === 'page' ? <CheckIcon /> : <CopyIcon />}
          {label}
        </button>
        <button
          ref={toggleRef}
          id={toggleId}
          type="button"
          className={clsx(toolbar.button, styles.toggle)}
          aria-label="More page actions"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => (open ? close(false) : openAt(0))}
          onKeyDown={onToggleKeyDown}>
          <svg className={clsx(styles.chevron, open && styles.chevronOpen)} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <span id={hintId} hidden>
        {forAssistant ? 'Copies this page as Markdown, ready to paste into your AI assistant.' : 'Copies this page as Markdown.'}
      </span>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={toggleId}
        className={styles.menu}
        hidden={!open}
        onKeyDown={onMenuKeyDown}>
        <li role="none">
          <a
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            href={markdownUrl}
            target="_blank"
            rel="noopener"
            onClick={() => close(false)}>
            View as Markdown<span className={toolbar.srOnly}> (opens in a new tab)</span>
          </a>
        </li>
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={() => void copyAddress()}>
            Copy the Markdown address
          </button>
        </li>
      </ul>
      <span className={toolbar.srOnly} role="status">
        {announcement}
      </span>
    </div>
  );
}
