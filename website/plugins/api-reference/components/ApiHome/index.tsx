import type {TOCItem} from '@docusaurus/mdx-loader';
import {useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Heading from '@theme/Heading';
import {schemaRoute} from '../../slugs';
import type {AreaGroup, HomePageData, OperationSummary, SidebarData} from '../../types';
import ApiLayout from '../ApiLayout';
import Rich from '../Rich';
import styles from './styles.module.css';
import {BreakableCode} from '@site/src/components/Breakable';
import DataTable from '@site/src/components/DataTable';
import Staged, {StagedTableBody} from '@site/plugins/staged-hydration/Staged';
import {retryAdvice} from '@site/src/components/ErrorCodes/retryAdvice';

const HOME_TOC: TOCItem[] = [
  ['operations', 'Operations'],
  ['base-url', 'Base URL'],
  ['authentication', 'Authentication'],
  ['submissions-and-activities', 'Submissions and activities'],
  ['errors', 'Errors'],
  ['limits', 'Limits'],
  ['openapi-document', 'OpenAPI document'],
].map(([id, value]) => ({id: id!, value: value!, level: 2}));

function matches(op: OperationSummary, words: string[]): boolean {
  const haystack = `${op.summary} ${op.name} ${op.operationId} ${op.area} ${op.kind}`.toLowerCase();
  return words.every((w) => haystack.includes(w));
}

function OperationItem({op, visible}: {op: OperationSummary; visible: boolean}): ReactNode {
  useBrokenLinks().collectAnchor(op.operationId);
  return (
    <li id={op.operationId} hidden={!visible} className={styles.operation}>
      {/* The spaces between the parts are for text readers (search excerpts, copied text); the flex gap lays them out. */}
      <Link to={op.route} className={styles.operationLink}>
        {op.summary}
      </Link>{' '}
      <code className={styles.operationName}>{op.name}</code>{' '}
      <span className={op.kind === 'submission' ? styles.kindSubmission : styles.kindQuery}>
        {op.kind === 'submission' ? 'Submission' : 'Query'}
      </span>
    </li>
  );
}

/**
 * The filter box. It is the one part of the index that changes when the page
 * has hydrated (it is disabled until then), so it alone asks: the 75
 * operations below are not drawn again for it.
 */
function FilterBox({query, onQuery, shown, total, filtering}: {query: string; onQuery: (query: string) => void; shown: number; total: number; filtering: boolean}): ReactNode {
  const isBrowser = useIsBrowser();
  return (
    <div role="search" className={styles.filter}>
      <label htmlFor="operation-filter">Filter operations by name or summary</label>
      <input
        id="operation-filter"
        type="search"
        className={styles.filterInput}
        placeholder="for example: wallet, sign, create_user"
        value={query}
        disabled={!isBrowser}
        onChange={(event) => onQuery(event.target.value)}
        autoComplete="off"
      />
      <p className={styles.filterCount} aria-live="polite">
        {filtering ? `${shown} of ${total} operations match.` : `${total} operations.`}
      </p>
    </div>
  );
}

/** Every operation by area, in the HTML; the filter (after hydration) only hides entries. */
function OperationIndex({groups, total}: {groups: AreaGroup[]; total: number}): ReactNode {
  const [query, setQuery] = useState('');
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = groups.flatMap((g) => g.areas.flatMap((a) => a.operations)).filter((op) => matches(op, words)).length;
  return (
    <>
      <FilterBox query={query} onQuery={setQuery} shown={shown} total={total} filtering={words.length > 0} />
      {groups.map((group) =>
        group.areas.map((area) => {
          const visible = area.operations.filter((op) => matches(op, words));
          // Each area hydrates in a task of its own after the index (plugins/staged-hydration); the filter, which
          // changes what they show, is enabled only after the page has hydrated.
          return (
            <Staged key={area.slug} region={`api-area-${area.slug}`}>
              <section hidden={visible.length === 0} className={styles.area}>
                <Heading as="h3" id={`area-${area.slug}`}>
                  {area.name}
                </Heading>
                {area.description && (
                  <div className={styles.areaDescription}>
                    <Rich text={area.description} />
                  </div>
                )}
                <ul className={styles.operations}>
                  {area.operations.map((op) => (
                    <OperationItem key={op.operationId} op={op} visible={visible.includes(op)} />
                  ))}
                </ul>
              </section>
            </Staged>
          );
        }),
      )}
    </>
  );
}

function LimitRow({limit}: {limit: HomePageData['limits'][number]}): ReactNode {
  const anchor = `limit-${limit.id}`;
  useBrokenLinks().collectAnchor(anchor);
  return (
    <tr id={anchor} className={styles.anchoredRow}>
      <th scope="row">{limit.name}</th>
      <td>
        {limit.value}
        {limit.unit ? ` ${limit.unit}` : ''}
      </td>
      <td>
        <Rich text={limit.description} />
        {limit.appliesTo.length > 0 && (
          <span className={styles.appliesTo}>
            {' '}
            Applies to{' '}
            {limit.appliesTo.map((op, i) => (
              <span key={op.operationId}>
                {i > 0 && ', '}
                <Link to={op.route}>
                  <BreakableCode text={op.name} />
                </Link>
              </span>
            ))}
            .
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * One of the overview's tables. The table, then each few of its rows, hydrate in tasks of their own after the page's
 * first hydration (plugins/staged-hydration).
 */
function StagedTable({region, label, columns, children}: {region: string; label: string; columns: string[]; children: ReactNode[]}): ReactNode {
  return (
    <Staged region={`${region}-table`}>
      <DataTable label={label} className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <StagedTableBody region={region}>{children}</StagedTableBody>
      </DataTable>
    </Staged>
  );
}

function ErrorRow({error}: {error: HomePageData['errorCodes'][number]}): ReactNode {
  const anchor = `error-${error.code}`;
  useBrokenLinks().collectAnchor(anchor);
  return (
    <tr id={anchor} className={styles.anchoredRow}>
      <th scope="row">{error.code}</th>
      <td>
        <BreakableCode text={error.name} />
      </td>
      <td>{error.httpStatus}</td>
      <td>{retryAdvice(error)}</td>
      <td>
        <Rich text={error.description} />
      </td>
    </tr>
  );
}

export default function ApiHome({data, sidebar}: {data: HomePageData; sidebar: SidebarData}): ReactNode {
  const yamlUrl = useBaseUrl(data.downloads[0]?.href ?? '/api/openapi.yaml');
  const jsonUrl = useBaseUrl(data.downloads[1]?.href ?? '/api/openapi.json');
  const allOperations = data.groups.flatMap((g) => g.areas.flatMap((a) => a.operations));
  const unauthenticated = data.errorCodes.find((e) => e.name === 'UNAUTHENTICATED');
  const route = (name: string): string => allOperations.find((op) => op.name === name)?.route ?? '/api/';
  return (
    <ApiLayout
      title="API reference"
      description={`The ${data.title}: every query and submission, their fields, errors and limits, with code samples.`}
      sidebar={sidebar}
      route="/api/"
      toc={HOME_TOC}
      source={data.source}>
      <Heading as="h1">API reference</Heading>
      <p>
        The {data.title} ({data.summary.toLowerCase()}, version {data.version}): {data.operationCount} operations and{' '}
        <Link to="/api/schemas/">{data.schemaCount} schemas</Link>. Each operation page lists every field of the request
        and the answer, the errors, examples and code, and lets you build and sign a request in your browser.
      </p>

      <Heading as="h2" id="operations">
        Operations
      </Heading>
      {/* The index is a region of its own, and each of its areas one more, released when the index hydrates: the
          page's first hydration suspends once for it instead of once per area (plugins/staged-hydration). */}
      <Staged region="api-operations">
        <div>
          <OperationIndex groups={data.groups} total={data.operationCount} />
        </div>
      </Staged>

      <Heading as="h2" id="base-url">
        Base URL
      </Heading>
      <p>
        <code className={styles.baseUrl}>{data.apiBaseUrl}</code>
      </p>
      <p>
        Every call is a <code>POST</code> with a JSON body and answers with JSON. Queries read state at{' '}
        <code>/public/v1/query/&#123;name&#125;</code>. Submissions change state at{' '}
        <code>/public/v1/submit/&#123;name&#125;</code>.
      </p>

      <Heading as="h2" id="authentication">
        Authentication
      </Heading>
      <p>
        You sign the exact bytes of every request body and send the signature, a <em>stamp</em>, in one of these
        headers.
        {data.stamps.some((stamp) => !stamp.isStamp) && ' Some calls accept a token header instead of a stamp, as noted below.'}
        {unauthenticated && (
          <>
            {' '}
            A request without a valid stamp fails with code{' '}
            <Link to={`#error-${unauthenticated.code}`}>
              {unauthenticated.code} (<code>{unauthenticated.name}</code>)
            </Link>
            .
          </>
        )}
      </p>
      {data.stamps.map((stamp) => (
        <Staged key={stamp.header} region={`api-stamp-${stamp.header}`}>
          <section>
            <Heading as="h3" id={`stamp-${stamp.header.toLowerCase()}`}>
              <code>{stamp.header}</code>
            </Heading>
            {stamp.appliesTo && (
              <p>
                {stamp.isStamp ? 'A stamp' : 'A token, not a stamp'}, accepted by {stamp.appliesTo}.
              </p>
            )}
            <div>
              <Rich text={stamp.description} />
            </div>
          </section>
        </Staged>
      ))}

      <Heading as="h2" id="submissions-and-activities">
        Submissions and activities
      </Heading>
      <Staged region="api-submissions">
        <ul>
          <li>
            A submission sends an envelope: <code>type</code> (the activity type), <code>timestampMs</code> (
            <Link to={schemaRoute('TimestampMs')}>milliseconds since the epoch, as a string</Link>),{' '}
            <code>organizationId</code> and <code>parameters</code> (the intent). All four are required.
          </li>
          <li>
            It answers with <code>&#123; activity &#125;</code>, an <Link to={schemaRoute('Activity')}>Activity</Link>.
            Check its <Link to={schemaRoute('ActivityStatus')}>status</Link>: poll{' '}
            <Link to={route('get_activity')}>
              <code>get_activity</code>
            </Link>{' '}
            until it is <code>ACTIVITY_STATUS_COMPLETED</code> or <code>ACTIVITY_STATUS_FAILED</code>.
          </li>
          <li>
            <code>ACTIVITY_STATUS_CONSENSUS_NEEDED</code> means your policies need more approvals: other users vote with{' '}
            <Link to={route('approve_activity')}>
              <code>approve_activity</code>
            </Link>{' '}
            or{' '}
            <Link to={route('reject_activity')}>
              <code>reject_activity</code>
            </Link>{' '}
            and the activity's <code>fingerprint</code>.
          </li>
          <li>
            The outcome is in <code>activity.result</code>, under one key named after the result, such as{' '}
            <code>createWalletResult</code>.
          </li>
        </ul>
      </Staged>

      <Heading as="h2" id="errors">
        Errors
      </Heading>
      <p>
        A failed call answers with a <Link to={schemaRoute('Status')}>Status</Link> body (<code>code</code>,{' '}
        <code>message</code>, <code>details</code>) and the HTTP status below.
      </p>
      <StagedTable region="api-error-codes" label="Error codes" columns={['Code', 'Name', 'HTTP', 'Retry', 'Meaning']}>
        {data.errorCodes.map((error) => (
          <ErrorRow key={error.code} error={error} />
        ))}
      </StagedTable>

      <Heading as="h2" id="limits">
        Limits
      </Heading>
      <StagedTable region="api-limits" label="Limits" columns={['Limit', 'Value', 'Details']}>
        {data.limits.map((limit) => (
          <LimitRow key={limit.id} limit={limit} />
        ))}
      </StagedTable>

      <Heading as="h2" id="openapi-document">
        OpenAPI document
      </Heading>
      <p>The whole API as one OpenAPI 3.1 document, for code generators, linters and API clients:</p>
      <ul>
        <li>
          <a href={yamlUrl} download="sigil-openapi.yaml">
            {data.downloads[0]?.label ?? 'OpenAPI document (YAML)'}
          </a>
        </li>
        <li>
          <a href={jsonUrl} download="sigil-openapi.json">
            {data.downloads[1]?.label ?? 'OpenAPI document (JSON)'}
          </a>
        </li>
      </ul>

    </ApiLayout>
  );
}
