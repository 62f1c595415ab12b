import {useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {copyTextFrom} from './copyMarkdown';
import styles from './styles.module.css';

export interface CopyPageMenuProps {
  /** Where the page's Markdown twin is served (`/features/sessions.md`). */
  markdownUrl: string;
  /** No chatbot configured: the copy action is offered for pasting into the reader's own AI assistant. */
  forAssistant: boolean;
}

type Status = {kind: 'idle'} | {kind: 'copying'} | {kind: 'copied'} | {kind: 'failed'};

/**
 * "Copy page": a menu button (WAI-ARIA menu button pattern) with two items,
 * copy the page's Markdown to the clipboard and open the Markdown version.
 * The Markdown is fetched from the page's `.md` twin only when asked for.
 */
export default function CopyPageMenu({markdownUrl, forAssistant}: CopyPageMenuProps): ReactNode {
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>({kind: 'idle'});
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;

  const items = (): HTMLElement[] => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number): void => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
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

  const copy = async (): Promise<void> => {
    close(true);
    setStatus({kind: 'copying'});
    try {
      await copyTextFrom(markdownUrl);
      setStatus({kind: 'copied'});
    } catch {
      setStatus({kind: 'failed'});
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
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

  const label = status.kind === 'copied' ? 'Copied' : status.kind === 'failed' ? 'Copy failed' : 'Copy page';
  const announcement =
    status.kind === 'copied'
      ? 'The page is on your clipboard as Markdown.'
      : status.kind === 'failed'
        ? 'The page could not be copied. Open the Markdown version and copy it from there.'
        : '';

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={clsx('button button--secondary button--sm', styles.button)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}>
        {label}
        <svg className={clsx(styles.chevron, open && styles.chevronOpen)} viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
          <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className={styles.menu}
        hidden={!open}
        onKeyDown={onMenuKeyDown}>
        <li role="none">
          <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={() => void copy()}>
            {forAssistant ? 'Copy page for your AI assistant' : 'Copy page as Markdown'}
          </button>
        </li>
        <li role="none">
          <a
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            href={markdownUrl}
            target="_blank"
            rel="noopener"
            onClick={() => close(false)}>
            View as Markdown<span className={styles.srOnly}> (opens in a new tab)</span>
          </a>
        </li>
      </ul>
      <span className={styles.srOnly} role="status">
        {announcement}
      </span>
    </div>
  );
}
