import {Suspense, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useRetryableLazy} from '@site/src/hooks/useRetryableLazy';
import {useSeen} from '@site/src/hooks/useSeen';
import {resolveInitial} from './initial';
import type {PolicyPlaygroundProps} from './initial';
import styles from './styles.module.css';

// The parser and engine live in the playground's own chunk, fetched only when the playground scrolls into view.
const loadPlayground = () => import('./index');

/**
 * The initial policy as code: what the server render shows, what readers without JavaScript keep,
 * and what stands in while the playground's code loads (`loading`, only ever true in the browser).
 * The "needs JavaScript" note is in <noscript>, so a reader with JavaScript never sees it.
 */
function StaticPolicy({loading, ...props}: PolicyPlaygroundProps & {loading: boolean}): ReactNode {
  const initial = resolveInitial(props);
  return (
    <section
      className={styles.playground}
      aria-label="Policy playground (static preview)"
      aria-busy={loading || undefined}
      data-md-omit="">
      {loading ? (
        <p role="status" className={styles.loading}>
          Loading the playground…
        </p>
      ) : (
        <p className={styles.help}>The playground starts with this policy.</p>
      )}
      <noscript>
        <p className={styles.help}>Editing and evaluating it needs JavaScript.</p>
      </noscript>
      <dl className={styles.staticList}>
        <dt>Effect</dt>
        <dd>
          <code>{initial.effect}</code>
        </dd>
        <dt>Condition</dt>
        <dd>
          <pre className={styles.source}>
            <code>{initial.condition || '(none: applies to every request)'}</code>
          </pre>
        </dd>
        {initial.consensus && (
          <>
            <dt>Consensus</dt>
            <dd>
              <pre className={styles.source}>
                <code>{initial.consensus}</code>
              </pre>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

export type {PolicyPlaygroundProps} from './initial';

/** A failed fetch of the playground's code (Rspack names it ChunkLoadError), as opposed to a bug in it. */
function isChunkLoadError(error: Error): boolean {
  return error.name === 'ChunkLoadError' || /loading (css )?chunk|dynamically imported module/i.test(error.message);
}

/**
 * Use this on pages: `<PolicyPlayground exampleId="two-approvals-for-large-transfers" />`.
 * The server render and a first visit show the static policy; the playground
 * itself loads when the reader scrolls to it, so reading the page above it
 * costs nothing. If its code cannot be fetched, the static policy stays with
 * a Retry.
 */
export default function PolicyPlaygroundLazy(props: PolicyPlaygroundProps): ReactNode {
  const [ref, seen] = useSeen<HTMLDivElement>();
  const [PolicyPlayground, reload] = useRetryableLazy(loadPlayground);
  // False in the server render and while hydrating, so both renders match; true right after.
  const isBrowser = useIsBrowser();
  const fallback = <StaticPolicy {...props} loading={isBrowser} />;
  return (
    <div ref={ref}>
      {seen ? (
        <ErrorBoundary
          fallback={({error, tryAgain}) => (
            <>
              <div role="alert" className={styles.loadProblem}>
                <p>
                  {isChunkLoadError(error)
                    ? 'The playground could not load. Check your connection and try again.'
                    : `The playground stopped with an error (${error.message}).`}
                </p>
                <button
                  type="button"
                  className="button button--secondary button--sm"
                  onClick={() => {
                    reload();
                    tryAgain();
                  }}>
                  Retry
                </button>
              </div>
              <StaticPolicy {...props} loading={false} />
            </>
          )}>
          <Suspense fallback={fallback}>
            <PolicyPlayground {...props} />
          </Suspense>
        </ErrorBoundary>
      ) : (
        fallback
      )}
    </div>
  );
}
