import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {areaSlug} from '../../slugs';
import type {SchemaIndexData, SidebarData} from '../../types';
import ApiLayout from '../ApiLayout';
import styles from './styles.module.css';

/** Every schema of the document, by category. */
export default function SchemaIndex({data, sidebar}: {data: SchemaIndexData; sidebar: SidebarData}): ReactNode {
  const count = data.categories.reduce((n, c) => n + c.schemas.length, 0);
  return (
    <ApiLayout
      title="API schemas"
      description={`All ${count} schemas of the Sigil API: entities, enumerations, intents, results and bodies.`}
      sidebar={sidebar}
      route="/api/schemas">
      <p className={styles.eyebrow}>
        <span data-pagefind-ignore="all">
          <Link to="/api/">API reference</Link> / Schemas
        </span>
      </p>
      <Heading as="h1">API schemas</Heading>
      <p>
        The {count} schemas of the Sigil API. Each page lists every field or value and the operations that use the schema.
      </p>
      <ul className={styles.toc}>
        {data.categories.map((c) => (
          <li key={c.category}>
            <Link to={`#${areaSlug(c.category)}`}>
              {c.category} ({c.schemas.length})
            </Link>
          </li>
        ))}
      </ul>
      {data.categories.map((c) => (
        <section key={c.category}>
          <Heading as="h2" id={areaSlug(c.category)}>
            {c.category}
          </Heading>
          <dl className={styles.list}>
            {c.schemas.map((s) => (
              <div key={s.name} className={styles.item}>
                <dt>
                  <Link to={s.route}>{s.name}</Link>
                </dt>
                {s.summary && <dd>{s.summary}</dd>}
              </div>
            ))}
          </dl>
        </section>
      ))}
    </ApiLayout>
  );
}
