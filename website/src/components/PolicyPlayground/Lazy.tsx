import {Suspense, type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import {useRetryableLazy} from '@site/src/hooks/useRetryableLazy';
import {useSeen} from '@site/src/hooks/useSeen';
import {resolveInitial} from './initial';
import type {PolicyPlaygroundProps} from './initial';
import styles from './styles.module.css';

// The parser and engine live in the playground's own chunk, fetched only when the playground scrolls into view.
const loadPlayground = () => import('./index');

/** What readers without JavaScript (and the server render) see: the initial policy as code. */
function StaticPolicy(props: PolicyPlaygroundProps): ReactNode {
  const initial = resolveInitial(props);
  return (
    <section className={styles.playground} aria-label="Policy playground (static preview)" data-md-omit="">
      <p className={styles.help}>The playground starts with this policy. Editing and evaluating it needs JavaScript.</p>
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
  const fallback = <StaticPolicy {...props} />;
  return (
    <div ref={ref}>
      {seen ? (
        <ErrorBoundary
          fallback={({tryAgain}) => (
            <>
              <div role="alert" className={styles.loadProblem}>
                <p>The playground could not load. Check your connection and try again.</p>
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
              {fallback}
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
