import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {UNSETTLED_STATUSES} from '../logic';
import type {SendState} from '../types';
import shared from '../styles.module.css';

interface Props {
  send: SendState;
  testId: string;
  onStopPolling: () => void;
}

/** The answer to Send, and while a submission's activity is pending, the polling of get_activity. */
export default function AnswerView({send, testId, onStopPolling}: Props): ReactNode {
  if (send.state === 'sending') return <p>Sending…</p>;
  if (send.state === 'failed') return <p className={shared.problemText}>{send.message}</p>;
  if (send.state !== 'answered') return null;
  const {answer, polling} = send;
  const settled = polling && !UNSETTLED_STATUSES.has(polling.status);
  return (
    <div data-testid={testId} data-status={answer.status}>
      <CodeBlock language="json" title={`Answer: HTTP ${answer.status}`}>
        {answer.body}
      </CodeBlock>
      {polling && (
        <div data-testid="builder-polling" data-activity-status={polling.status}>
          <p>
            {settled
              ? `The activity settled: ${polling.status} (after ${polling.reads} get_activity ${polling.reads === 1 ? 'read' : 'reads'}).`
              : polling.stopped
                ? `Polling stopped: ${polling.stopped} The activity was ${polling.status}.`
                : `The activity is ${polling.status}: polling get_activity (${polling.reads} ${polling.reads === 1 ? 'read' : 'reads'} so far)…`}
          </p>
          {!settled && !polling.stopped && (
            <button type="button" className="button button--secondary button--sm" onClick={onStopPolling}>
              Stop polling
            </button>
          )}
          {polling.latest && (
            <CodeBlock language="json" title={`get_activity: HTTP ${polling.latest.status}`}>
              {polling.latest.body}
            </CodeBlock>
          )}
        </div>
      )}
    </div>
  );
}
