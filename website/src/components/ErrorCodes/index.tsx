import type {ReactNode} from 'react';
import {ERROR_CODES, type ErrorCodeInfo} from '@sigil/api-spec';
import {BreakableCode} from '../Breakable';
import DataTable, {cellStyles} from '../DataTable';
import InlineCode from '../InlineCode';
import {retryAdvice} from './retryAdvice';


/**
 * Every error code Sigil returns, rendered from the `x-error-codes` extension of the API document
 * (exported as `ERROR_CODES` by `@sigil/api-spec`), so the table and the API cannot disagree.
 */
export default function ErrorCodes({codes = ERROR_CODES}: {codes?: readonly ErrorCodeInfo[]}): ReactNode {
  return (
    <DataTable label="Error codes">
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
            <td className={cellStyles.number}>{entry.code}</td>
            <th scope="row">
              <BreakableCode text={entry.name} />
            </th>
            <td className={cellStyles.number}>{entry.httpStatus}</td>
            <td>{retryAdvice(entry)}</td>
            <td>
              <InlineCode text={entry.description} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
