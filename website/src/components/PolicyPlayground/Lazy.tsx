import {lazy, Suspense, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';
import {resolveInitial} from './initial';
import type {PolicyPlaygroundProps} from './initial';
import styles from './styles.module.css';

// The parser and engine live in the playground's own chunk, fetched only when the page renders it.
const PolicyPlayground = lazy(() => import('./index'));

/** What readers without JavaScript (and the server render) see: the initial policy as code. */
function StaticPolicy(props: PolicyPlaygroundProps): ReactNode {
  const initial = resolveInitial(props);
  return (
    <section className={styles.playground} aria-label="Policy playground (static preview)" data-md-omit="">
      <p className={styles.help}>The interactive playground needs JavaScript. The policy it starts with:</p>
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

/** Use this on pages: `<PolicyPlayground exampleId="two-approvals-for-large-transfers" />`. */
export default function PolicyPlaygroundLazy(props: PolicyPlaygroundProps): ReactNode {
  const fallback = <StaticPolicy {...props} />;
  return (
    <BrowserOnly fallback={fallback}>
      {() => (
        <Suspense fallback={fallback}>
          <PolicyPlayground {...props} />
        </Suspense>
      )}
    </BrowserOnly>
  );
}
