import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import {plainText} from '../../richtext';
import type {OperationPageData, SidebarData} from '../../types';
import ApiLayout from '../ApiLayout';
import FieldTable from '../FieldTable';
import Rich from '../Rich';
import OperationErrors from '../OperationErrors';
import SamplePanel, {exampleTitle} from '../SamplePanel';
import styles from './styles.module.css';
import Staged from '@site/plugins/staged-hydration/Staged';

interface Props {
  data: OperationPageData;
  sidebar: SidebarData;
}

// The description, the facts, the field tables' rows, the errors and the examples each hydrate in a task of their own
// after the page's first hydration (plugins/staged-hydration): together they were most of a task of about 80 ms on
// this machine.
export default function OperationPage({data, sidebar}: Props): ReactNode {
  const description = plainText(data.description);
  const isSubmission = data.kind === 'submission';
  return (
    <ApiLayout
      title={`${data.summary} (${data.name})`}
      description={description.split('. ')[0] ?? data.summary}
      sidebar={sidebar}
      route={data.route}
      source={data.source}
      wide>
      <div className={styles.panes}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>
            <span data-pagefind-ignore="all">
              <Link to="/api/">API reference</Link> / <Link to={data.areaRoute}>{data.area}</Link>
            </span>
          </p>
          <Heading as="h1" id={data.operationId}>
            {data.summary}
          </Heading>
          <p className={styles.endpoint}>
            {/* The space before the badge is for text readers (search excerpts, copied text); the flex gap lays it out. */}
            <span className={styles.method}>{data.method}</span> <code>{data.path}</code>{' '}
            <span className={isSubmission ? styles.kindSubmission : styles.kindQuery}>{isSubmission ? 'Submission' : 'Query'}</span>
          </p>
        </header>
        <SamplePanel data={data} />
        <div className={styles.fields}>
          <Staged region="api-description">
            <div className={styles.description}>
              <Rich text={data.description} />
            </div>
          </Staged>

          <Staged region="api-facts">
            <dl className={styles.facts}>
              <dt>API name</dt>
              <dd>
                <code>{data.name}</code> (SDK method <code>{data.operationId}</code>)
              </dd>
              <dt>Kind</dt>
              <dd>
                {isSubmission ? (
                  <>
                    Submission: creates an activity and answers with it. Poll{' '}
                    {data.pollRoute ? (
                      <Link to={data.pollRoute}>
                        <code>get_activity</code>
                      </Link>
                    ) : (
                      <code>get_activity</code>
                    )}{' '}
                    until its status is final.
                  </>
                ) : (
                  'Query: reads state and answers at once.'
                )}
              </dd>
              {data.activityType && (
                <>
                  <dt>Activity type</dt>
                  <dd>
                    {data.activityTypeRoute ? (
                      <Link to={data.activityTypeRoute}>
                        <code>{data.activityType}</code>
                      </Link>
                    ) : (
                      <code>{data.activityType}</code>
                    )}
                  </dd>
                </>
              )}
              {data.intentSchema && (
                <>
                  <dt>Intent (parameters)</dt>
                  <dd>
                    <Link to={data.intentSchema[1]}>{data.intentSchema[0]}</Link>
                  </dd>
                </>
              )}
              {data.resultSchema && (
                <>
                  <dt>Result</dt>
                  <dd>
                    <Link to={data.resultSchema[1]}>{data.resultSchema[0]}</Link>
                  </dd>
                </>
              )}
              <dt>Authentication</dt>
              <dd>
                A stamp of the exact body in the{' '}
                {data.stamps.map((header, i) => (
                  <span key={header}>
                    {i > 0 && (i === data.stamps.length - 1 ? ' or ' : ', ')}
                    <code>{header}</code>
                  </span>
                ))}{' '}
                header (<Link to="/api/#authentication">how to compute it</Link>)
                {data.tokenHeaders.map((header) => (
                  <span key={header}>
                    , or a read-only session token in the <code>{header}</code> header
                  </span>
                ))}
                .
              </dd>
            </dl>
          </Staged>

          <Heading as="h2" id="request-body">
            Request body
          </Heading>
          <p>
            JSON, schema <Link to={data.request.schemaRoute}>{data.request.schema}</Link>.
            {isSubmission && ' Every submission sends this envelope; the intent goes in parameters.'}
          </p>
          <FieldTable fields={data.request.fields} label="Request body fields" region="api-request-fields" />

          <Heading as="h2" id="response">
            Response
          </Heading>
          <p>
            <code>200</code> with JSON, schema <Link to={data.response.schemaRoute}>{data.response.schema}</Link>.
            {isSubmission && data.intentSchema && data.resultSchema && (
              <>
                {' '}
                For this call, <code>activity.intent</code> holds <code>{lowerFirst(data.intentSchema[0])}</code> and{' '}
                <code>activity.result</code> holds <code>{lowerFirst(data.resultSchema[0])}</code> once the activity completes.
              </>
            )}
          </p>
          <FieldTable fields={data.response.fields} label="Response fields" region="api-response-fields" />

          <Heading as="h2" id="errors">
            Errors
          </Heading>
          <p>
            A failed call answers with an HTTP error status and a <Link to={data.error.schemaRoute}>{data.error.schema}</Link> body whose{' '}
            <code>code</code> says why. This call answers these codes; the rarer ones of the <Link to="/api/#errors">error codes</Link> table
            (a closed connection, a deadline, a conflict) can come from any call.
          </p>
          <Staged region="api-errors">
            <OperationErrors errors={data.errors} operation={data.name} />
          </Staged>
          <FieldTable fields={data.error.fields} label="Error body fields" region="api-error-fields" />

          <Heading as="h2" id="examples">
            Request example
          </Heading>
          <Staged region="api-request-example">
            <CodeBlock language="json" title={`Request: ${exampleTitle(data.requestExample.title)}`} tokens={data.requestExample.tokens}>
              {data.requestExample.json}
            </CodeBlock>
          </Staged>
        </div>
      </div>
    </ApiLayout>
  );
}

function lowerFirst(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}
