import {Suspense, useState, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useRetryableLazy} from '@site/src/hooks/useRetryableLazy';
import type {CodeSamples} from '../../types';
import type {PanelSamples} from '../SamplePanel/personalise';
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
  /** The operation's samples, which the builder personalizes for the sample panel. */
  samples?: CodeSamples;
  /**
   * Given, while the builder is open, the samples with the organization its body names and the base URL it sends to
   * (a server target's) in: the sample panel shows them. Only in memory, never stored.
   */
  onPersonalSamples?: (samples: PanelSamples) => void;
}

/** "Try it": a button that loads the request builder on demand, in place. */
export default function RequestBuilder(props: RequestBuilderProps): ReactNode {
  const [open, setOpen] = useState(false);
  const isBrowser = useIsBrowser();
  const [Builder, reloadBuilder] = useRetryableLazy(loadBuilder);
  return (
    <section className={styles.section} aria-label="Request builder" data-md-omit="">
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
          className={`button button--primary ${styles.tryIt}`}
          disabled={!isBrowser}
          aria-expanded="false"
          aria-label={isBrowser ? 'Try it: Open the request builder' : 'Try it: Open the request builder (needs JavaScript)'}
          onClick={() => setOpen(true)}>
          Try it
        </button>
      )}
      {!open && (
        <p className={styles.intro}>
        Edit the body and see problems as you type, sign it with an API key in your browser, and send it to the
        sandbox (a Sigil emulator running in this tab, with its own organization and key) or to a server you name.
        Keys stay in this page's memory, never stored or sent; nothing leaves the page until you press Send.
        </p>
      )}
    </section>
  );
}
