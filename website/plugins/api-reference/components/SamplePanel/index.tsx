import {useState, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import type {Example, OperationPageData} from '../../types';
import RequestBuilder from '../RequestBuilder';
// Types only: the personalizing code is in the request builder's chunk, loaded with Try it.
import type {PanelSamples} from './personalise';
import styles from './styles.module.css';
import Staged from '@site/plugins/staged-hydration/Staged';

/** The sample tabs, in order: the tab's value (shared with the docs pages' language tabs), its label and the sample it shows. */
const LANGUAGES = [
  {value: 'ts', label: 'TypeScript', sample: 'typescript', language: 'ts'},
  {value: 'curl', label: 'curl', sample: 'curl', language: 'bash'},
  {value: 'cli', label: 'CLI', sample: 'cli', language: 'bash'},
  {value: 'python', label: 'Python', sample: 'python', language: 'python'},
  {value: 'go', label: 'Go', sample: 'go', language: 'go'},
  {value: 'ruby', label: 'Ruby', sample: 'ruby', language: 'ruby'},
  {value: 'rust', label: 'Rust', sample: 'rust', language: 'rust'},
] as const;

/**
 * The operation's right-hand panel (sticky beside the fields from 1200 px, right after the
 * summary below that): the request in seven languages, the response example and "Try it",
 * which opens the request builder here. Everything but the builder is static HTML until the
 * builder opens: from then on the samples show the reader's organization (the body's) and base
 * URL (the one they send to) instead of the documented ones, in the text and in what Copy copies.
 * Those values stay in this component's state: nothing is stored or sent.
 */
export default function SamplePanel({data}: {data: OperationPageData}): ReactNode {
  const [personal, setPersonal] = useState<PanelSamples>();
  const samples: PanelSamples = personal ?? {code: data.samples, tokens: data.samples.tokens ?? {}, personal: []};
  return (
    <aside className={styles.panel} aria-label="Request samples, response and Try it" data-testid="operation-panel">
      <Heading as="h2" id="code-samples" className={styles.heading}>
        Request
      </Heading>
      {samples.personal.length > 0 && (
        <p className={styles.personal} role="status" data-testid="samples-personal">
          These samples use your {samples.personal.join(' and ')} from Try it.
        </p>
      )}
      {/* The tabs, then each language's sample, hydrate in tasks of their own after the page's first hydration
          (plugins/staged-hydration). */}
      <Staged region="api-samples">
        <div className={styles.samples} data-testid="panel-samples">
          <Tabs groupId="language">
            {LANGUAGES.map(({value, label, sample, language}) => (
              <TabItem key={value} value={value} label={label} default={value === 'ts'}>
                <Staged region={`api-sample-${value}`}>
                  <CodeBlock language={language} tokens={samples.tokens[sample]}>
                    {samples.code[sample]}
                  </CodeBlock>
                </Staged>
              </TabItem>
            ))}
          </Tabs>
        </div>
      </Staged>
      <Heading as="h2" id="response-example" className={styles.heading}>
        Response <span className={styles.status}>200: {exampleTitle(data.responseExamples[0]!.title)}</span>
      </Heading>
      <div className={styles.response} data-testid="panel-response">
        <Staged region="api-response-example">
          <ResponseExamples examples={data.responseExamples} />
        </Staged>
      </div>
      <Staged region="api-try-it">
        <RequestBuilder
          operationId={data.operationId}
          kind={data.kind}
          path={data.path}
          activityType={data.activityType}
          example={data.requestExample.json}
          apiBaseUrl={data.apiBaseUrl}
          samples={data.samples}
          onPersonalSamples={setPersonal}
        />
      </Staged>
    </aside>
  );
}

/**
 * One example as is; several (a submission's outcomes) as tabs named after the activity's status. The
 * tabs are the theme's (already on the page for the samples): keyboard and ARIA come with them, and the
 * first outcome is in the HTML, readable without JavaScript.
 */
function ResponseExamples({examples}: {examples: Example[]}): ReactNode {
  if (examples.length === 1) {
    const [only] = examples as [Example];
    return (
      <CodeBlock language="json" tokens={only.tokens}>
        {only.json}
      </CodeBlock>
    );
  }
  return (
    <Tabs className={styles.outcomes}>
      {examples.map((example, i) => (
        <TabItem key={example.outcome ?? example.title} value={outcomeValue(example)} label={example.outcome ?? example.title} default={i === 0}>
          <CodeBlock language="json" tokens={example.tokens}>
            {example.json}
          </CodeBlock>
        </TabItem>
      ))}
    </Tabs>
  );
}

function outcomeValue(example: Example): string {
  return (example.outcome ?? example.title).toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** Example titles repeat the operation ("Create a wallet (response)"); drop the redundant suffix. */
export function exampleTitle(title: string): string {
  return title.replace(/\s*\((request|response|completed)\)$/i, '');
}
