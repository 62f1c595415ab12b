import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import DataTable, {cellStyles} from '@site/src/components/DataTable';
import type {OperationError} from '../../types';
import Rich from '../Rich';
import styles from './styles.module.css';

/** The codes one operation answers, each with when (#error-<code> links to its row). */
export default function OperationErrors({errors, operation}: {errors: OperationError[]; operation: string}): ReactNode {
  return (
    <DataTable label={`Errors of ${operation}`}>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col" className={cellStyles.number}>
            HTTP
          </th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error) => (
          <ErrorRow key={error.code} error={error} />
        ))}
      </tbody>
    </DataTable>
  );
}

function ErrorRow({error}: {error: OperationError}): ReactNode {
  const anchor = `error-${error.code}`;
  useBrokenLinks().collectAnchor(anchor);
  return (
    <tr id={anchor} className={styles.row} data-error-code={error.code}>
      <th scope="row" className={styles.code}>
        <Link to={`/api/#error-${error.code}`}>
          {error.code} <span className={styles.name}>{error.name}</span>
        </Link>
      </th>
      <td className={cellStyles.number}>{error.httpStatus}</td>
      <td>
        {error.own && <Rich text={error.own} />}
        {error.common && <Rich text={error.common} />}
      </td>
    </tr>
  );
}
