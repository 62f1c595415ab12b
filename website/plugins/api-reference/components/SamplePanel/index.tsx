import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import type {OperationPageData} from '../../types';
import RequestBuilder from '../RequestBuilder';
import styles from './styles.module.css';

/** The sample tabs, in order: the tab's value (shared with the docs pages' language tabs), its label and the sample it shows. */
const LANGUAGES = [
  {value: 'ts', label: 'TypeScript', sample: 'typescript', language: 'ts'},
  {value: 'curl', label: 'curl', sample: 'curl', language: 'bash'},
  {value: 'cli', label: 'CLI', sample: 'cli', language: 'bash'},
  {value: 'python', label: 'Python', sample: 'python', language: 'python'},
] as const;

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
          {LANGUAGES.map(({value, label, sample, language}) => (
            <TabItem key={value} value={value} label={label} default={value === 'ts'}>
              <CodeBlock language={language} tokens={samples.tokens?.[sample]}>
                {samples[sample]}
              </CodeBlock>
            </TabItem>
          ))}
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
