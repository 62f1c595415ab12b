import {Suspense, lazy, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import styles from './styles.module.css';

// The kit, React DOM's share of it and the sandbox worker load only when the reader opens the demo, so the page
// itself carries none of them.
const Demo = lazy(() => import('./Demo'));

/**
 * Use this on pages: `<KitDemo />`. A button until the reader presses it; then the embedded wallet kit's components
 * run here against the in-browser sandbox.
 */
export default function KitDemo(): ReactNode {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <div className={styles.closed} data-md-omit="">
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          Open the live demo
        </button>
        <noscript>
          <p>The demo needs JavaScript.</p>
        </noscript>
      </div>
    );
  }
  return (
    <section className={styles.demo} aria-label="Embedded wallet kit demo" data-md-omit="">
      <ErrorBoundary
        fallback={({error, tryAgain}) => (
          <div role="alert">
            <p>The demo stopped: {error.message}</p>
            <button type="button" className="button button--secondary button--sm" onClick={tryAgain}>
              Retry
            </button>
          </div>
        )}>
        <Suspense fallback={<p role="status">Starting the sandbox…</p>}>
          <Demo />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
