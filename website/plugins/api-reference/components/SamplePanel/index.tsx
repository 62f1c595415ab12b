import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import type {OperationPageData} from '../../types';
import RequestBuilder from '../RequestBuilder';
import styles from './styles.module.css';

/**
 * The operation's right-hand panel (sticky beside the fields from 1200 px, right after the
 * summary below that): the request in four languages, the response example and "Try it",
 * which opens the request builder here. Everything but the builder is static HTML.
 */
export default function SamplePanel({data}: {data: OperationPageData}): ReactNode {
  const {samples} = data;
  return (
    <aside className={styles.panel} aria-label="Request samples, response and Try it" data-testid="operation-panel">
      <Heading as="h2" id="code-samples" className={styles.heading}>
        Request
      </Heading>
      <div className={styles.samples} data-testid="panel-samples">
        <Tabs groupId="language">
          <TabItem value="ts" label="TypeScript" default>
            <CodeBlock language="ts" tokens={samples.tokens?.typescript}>
              {samples.typescript}
            </CodeBlock>
          </TabItem>
          <TabItem value="curl" label="curl">
            <CodeBlock language="bash" tokens={samples.tokens?.curl}>
              {samples.curl}
            </CodeBlock>
          </TabItem>
          <TabItem value="cli" label="CLI">
            <CodeBlock language="bash" tokens={samples.tokens?.cli}>
              {samples.cli}
            </CodeBlock>
          </TabItem>
          <TabItem value="python" label="Python">
            <CodeBlock language="python" tokens={samples.tokens?.python}>
              {samples.python}
            </CodeBlock>
          </TabItem>
        </Tabs>
      </div>
      <Heading as="h2" id="response-example" className={styles.heading}>
        Response <span className={styles.status}>200: {exampleTitle(data.responseExample.title)}</span>
      </Heading>
      <div className={styles.response} data-testid="panel-response">
        <CodeBlock language="json" tokens={data.responseExample.tokens}>
          {data.responseExample.json}
        </CodeBlock>
      </div>
      <RequestBuilder
        operationId={data.operationId}
        kind={data.kind}
        path={data.path}
        activityType={data.activityType}
        example={data.requestExample.json}
        apiBaseUrl={data.apiBaseUrl}
      />
    </aside>
  );
}

/** Example titles repeat the operation ("Create a wallet (response)"); drop the redundant suffix. */
export function exampleTitle(title: string): string {
  return title.replace(/\s*\((request|response)\)$/i, '');
}
