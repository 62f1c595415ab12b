import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

const suggestions = [
  {to: '/', label: 'Documentation home', hint: 'What Sigil is and where to start'},
  {to: '/getting-started/quickstart', label: 'Quickstart', hint: 'A first wallet and signature'},
  {to: '/api', label: 'API reference', hint: 'Every query and submission'},
  {to: '/sdks/introduction', label: 'SDK reference', hint: 'Packages for every platform'},
];

/** The not-found page: says what happened and offers the likeliest next pages. */
export default function NotFoundContent({className}: {className?: string}): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <p className={styles.code}>404</p>
          <Heading as="h1" className={styles.title}>
            Page not found
          </Heading>
          <p>
            There is no page at this address. It may have moved, or the link that brought you
            here has a typo. Search the docs with <kbd>Ctrl</kbd> + <kbd>K</kbd>, or go to one of these:
          </p>
          <ul className={styles.list}>
            {suggestions.map((s) => (
              <li key={s.to}>
                <Link to={s.to}>{s.label}</Link>
                <span className={styles.hint}> — {s.hint}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
