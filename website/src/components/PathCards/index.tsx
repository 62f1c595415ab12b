import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

export interface PathCard {
  title: string;
  to: string;
  description: ReactNode;
}

/** A grid of links to the main paths through the docs; plain links, no script. */
export default function PathCards({cards}: {cards: PathCard[]}): ReactNode {
  return (
    <ul className={styles.grid}>
      {cards.map((card) => (
        <li key={card.to} className={styles.item}>
          <Link to={card.to} className={styles.card}>
            <span className={styles.title}>{card.title}</span>
            <span className={styles.description}>{card.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
