import type {ReactNode} from 'react';
import {ERROR_CODES, type ErrorCodeInfo} from '@sigil/api-spec';
import InlineCode from '../InlineCode';
import styles from './styles.module.css';

/**
 * Every error code Sigil returns, rendered from the `x-error-codes` extension of the API document
 * (exported as `ERROR_CODES` by `@sigil/api-spec`), so the table and the API cannot disagree.
 */
export default function ErrorCodes({codes = ERROR_CODES}: {codes?: readonly ErrorCodeInfo[]}): ReactNode {
  return (
    // Focusable so that keyboard users can scroll the table sideways on narrow screens.
    <div className={styles.wrapper} role="region" aria-label="Error codes" tabIndex={0}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">
              <code>code</code>
            </th>
            <th scope="col">Name</th>
            <th scope="col">HTTP status</th>
            <th scope="col">Retry</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((entry) => (
            <tr key={entry.code} data-error-code={entry.code}>
              <td className={styles.number}>{entry.code}</td>
              <th scope="row">
                <code>{entry.name}</code>
              </th>
              <td className={styles.number}>{entry.httpStatus}</td>
              <td>{entry.retryable ? 'Yes' : 'No'}</td>
              <td>
                <InlineCode text={entry.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
