import {useState, type ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * Copies the address of an anchor on this page (`…/create-wallet#field-parameters.walletName`).
 * A button after hydration; without JavaScript the field name itself stays the link to copy.
 */
export default function CopyLink({anchor, label}: {anchor: string; label: string}): ReactNode {
  const [copied, setCopied] = useState<boolean | 'failed'>(false);
  const copy = async (): Promise<void> => {
    const url = `${window.location.origin}${window.location.pathname}#${anchor}`;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied('failed');
    }
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={`Copy the link to ${label}`}
      title={copied === true ? 'Link copied' : copied === 'failed' ? 'Could not copy: use the name link' : 'Copy the link'}
      data-md-omit=""
      onClick={() => void copy()}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        {copied === true ? (
          <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" />
        ) : (
          <path
            d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 0 1 3.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 0 1-3.5-3.5L5.5 8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        )}
      </svg>
      <span className={styles.status} aria-live="polite">
        {copied === true ? 'Link copied' : copied === 'failed' ? 'Could not copy' : ''}
      </span>
    </button>
  );
}
