import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {fieldAnchor} from '../../slugs';
import type {FieldNode} from '../../types';
import Rich from '../Rich';
import CopyLink from '../CopyLink';
import TypeLabel from '../TypeLabel';
import styles from './styles.module.css';
import {BreakableCode} from '@site/src/components/Breakable';
import {StagedTableBody} from '@site/plugins/staged-hydration/Staged';

function Facts({field}: {field: FieldNode}): ReactNode {
  const facts: ReactNode[] = [];
  if (field.enumValues) {
    facts.push(
      <li key="enum">
        One of:{' '}
        {field.enumValues.map((value, i) => (
          <span key={value}>
            {i > 0 && ', '}
            <BreakableCode text={value} />
          </span>
        ))}
      </li>,
    );
  }
  if (field.enumCount !== undefined && field.type.k !== 'prim') {
    const route = field.type.k === 'ref' ? field.type.route : field.type.k === 'array' && field.type.of.k === 'ref' ? field.type.of.route : undefined;
    facts.push(
      <li key="enumCount">
        One of {field.enumCount} values{route ? <>, <Link to={route}>listed on its page</Link></> : null}
      </li>,
    );
  }
  if (field.default !== undefined) {
    facts.push(
      <li key="default">
        Default: <BreakableCode text={field.default} />
      </li>,
    );
  }
  for (const constraint of field.constraints ?? []) {
    const pattern = /^(.*pattern) (.+)$/.exec(constraint);
    facts.push(
      <li key={`c-${constraint}`}>
        {pattern ? (
          <>
            {pattern[1]} <BreakableCode text={pattern[2]!} />
          </>
        ) : (
          constraint
        )}
      </li>,
    );
  }
  if (field.seeAlso) {
    facts.push(
      <li key="see">
        <Link to={field.seeAlso[1]}>{field.seeAlso[0]}</Link>
      </li>,
    );
  }
  return facts.length > 0 ? <ul className={styles.facts}>{facts}</ul> : null;
}

/** Rows the search index leaves out (see model/search-repeats.ts); they are shown as any other. */
const SEARCH_IGNORE = {'data-pagefind-ignore': 'all'};

function FieldRow({field, depth, region}: {field: FieldNode; depth: number; region: string}): ReactNode {
  const anchor = fieldAnchor(field.path);
  useBrokenLinks().collectAnchor(anchor);
  return (
    <>
      <tr id={anchor} className={styles.row} {...(field.unindexedRow ? SEARCH_IGNORE : {})}>
        <th scope="row" className={styles.nameCell}>
          <span className={styles.nameLine}>
            <a href={`#${anchor}`} className={styles.name} title={field.path}>
              <BreakableCode text={field.name} />
            </a>
            <CopyLink anchor={anchor} label={field.path} />
          </span>
          <span className={field.required ? styles.required : styles.optional}>{field.required ? 'required' : 'optional'}</span>
          {field.deprecated && <span className={styles.deprecated}>deprecated</span>}
        </th>
        <td className={styles.typeCell}>
          <TypeLabel type={field.type} />
        </td>
        <td className={styles.descriptionCell}>
          <Rich text={field.description} />
          <Facts field={field} />
        </td>
      </tr>
      {field.children && field.children.length > 0 && (
        <tr className={styles.nestedRow} {...(field.unindexedFields ? SEARCH_IGNORE : {})}>
          <td colSpan={3}>
            <details open={depth === 0} className={styles.nested}>
              <summary>
                Fields of <BreakableCode text={field.path} />
                {field.type.k === 'array' ? ' (each item)' : ''}
              </summary>
              <FieldTable fields={field.children} depth={depth + 1} label={`Fields of ${field.path}`} region={`${region}/${field.path}`} />
            </details>
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * A body's fields: name (with its `field-<path>` anchor), type, required, constraints, default,
 * enum values and description. Nested objects sit in `<details>`, which work without JavaScript.
 */
export default function FieldTable({
  fields,
  depth = 0,
  label,
  region,
}: {
  fields: FieldNode[];
  depth?: number;
  label: string;
  /** Names the table's staged regions (plugins/staged-hydration): unique on the page. */
  region: string;
}): ReactNode {
  if (fields.length === 0) return <p className={styles.empty}>No fields: send an empty object.</p>;
  return (
    <div className={depth === 0 ? `${styles.scroll} ${styles.topLevel}` : styles.scroll}>
      <table className={styles.table} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        {/* Each few rows, and each nested table's, hydrate in a task of their own after the page's first hydration: a
            response's nested fields were one task of about 30 ms on this machine, four times that on a slow phone. */}
        <StagedTableBody region={region}>
          {fields.map((field) => (
            <FieldRow key={field.path} field={field} depth={depth} region={region} />
          ))}
        </StagedTableBody>
      </table>
    </div>
  );
}
