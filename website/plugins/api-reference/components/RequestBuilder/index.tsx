import {Suspense, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useRetryableLazy} from '@site/src/hooks/useRetryableLazy';
import type {OperationKind} from './logic';
import styles from './styles.module.css';

// The builder (validator, signing code, editor) is its own chunk, fetched when the reader opens it.
const loadBuilder = () => import('./Builder');

export interface RequestBuilderProps {
  operationId: string;
  kind: OperationKind;
  path: string;
  activityType?: string;
  /** The operation's request example (JSON text). */
  example: string;
  /** The documented API base URL, used in the curl command until the reader enters their own. */
  apiBaseUrl: string;
}

/** The "Build and sign" section: a button that loads the request builder on demand. */
export default function RequestBuilder(props: RequestBuilderProps): ReactNode {
  const [open, setOpen] = useState(false);
  const isBrowser = useIsBrowser();
  const [Builder, reloadBuilder] = useRetryableLazy(loadBuilder);
  return (
    <section className={styles.section} aria-label="Request builder" data-md-omit="">
      <p>
        Edit the example body and see problems as you type, sign it with an API key in your browser, and copy a ready
        curl command with the <code>X-Stamp</code> header. Send it to a sandbox, a Sigil emulator running in this tab
        with its own organization and key, or to a server you name. Keys stay in this page's memory: they are never
        stored or sent. Nothing leaves the page unless you enter a base URL and press Send.
      </p>
      {open ? (
        <ErrorBoundary
          fallback={({error, tryAgain}) => (
            <div role="alert" className={styles.problem}>
              <p>The request builder could not load: {error.message}</p>
              <button type="button" className="button button--secondary" onClick={() => {
                  reloadBuilder();
                  tryAgain();
                }}>
                Retry
              </button>
            </div>
          )}>
          <Suspense fallback={<p role="status">Loading the request builder…</p>}>
            <Builder {...props} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={!isBrowser}
          aria-expanded="false"
          onClick={() => setOpen(true)}>
          {isBrowser ? 'Open the request builder' : 'Open the request builder (needs JavaScript)'}
        </button>
      )}
    </section>
  );
}
