import {Fragment, type ReactNode} from 'react';
import {LIMITS, type LimitInfo} from '@sigil/api-spec';
import {BreakableCode} from '../Breakable';
import DataTable from '../DataTable';
import InlineCode from '../InlineCode';
import {formatLimitValue, isIdentifier} from './format';
import styles from './styles.module.css';

/**
 * Every limit of the Sigil API, rendered from the `x-limits` extension of the API document
 * (exported as `LIMITS` by `@sigil/api-spec`), so the page and the API cannot disagree.
 */
export default function ResourceLimits({limits = LIMITS}: {limits?: readonly LimitInfo[]}): ReactNode {
  return (
    <DataTable label="Resource limits">
      <thead>
        <tr>
          <th scope="col">Limit</th>
          <th scope="col">Value</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {limits.map((limit) => (
          <tr key={limit.id} data-limit-id={limit.id}>
            <th scope="row" className={styles.name}>
              {limit.name}
            </th>
            <td className={styles.value}>{formatLimitValue(limit)}</td>
            <td>
              <p className={styles.description}>
                <InlineCode text={limit.description} />
              </p>
              <p className={styles.appliesTo}>
                Applies to{' '}
                {limit.appliesTo.map((target, i) => (
                  <Fragment key={target}>
                    {i > 0 && ', '}
                    {isIdentifier(target) ? <BreakableCode text={target} /> : target}
                  </Fragment>
                ))}
                .
              </p>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
