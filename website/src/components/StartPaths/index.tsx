import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface StartPath {
  /** What the reader is building: "Embedded wallets". */
  title: string;
  /** One sentence: what this path gives the reader. */
  summary: ReactNode;
  /** The first step: the path's quickstart. */
  start: {label: string; to: string};
  /** Where the path is explained in full. */
  more: {label: string; to: string};
}

/**
 * The home page's first screen: one short block per reader path, each with
 * one primary link (its quickstart) and one quiet link (its overview). Sized
 * so that all four fit above the fold on a phone and a laptop.
 */
export default function StartPaths({paths}: {paths: StartPath[]}): ReactNode {
  return (
    <ul className={styles.paths}>
      {paths.map((path) => (
        <li key={path.title} className={styles.path}>
          <h2 className={styles.title}>{path.title}</h2>
          <p className={styles.summary}>{path.summary}</p>
          <div className={styles.actions}>
            <Link to={path.start.to} className={styles.start}>
              {path.start.label}
            </Link>
            <Link to={path.more.to} className={styles.more}>
              {path.more.label}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
