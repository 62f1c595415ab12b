/**
 * The request builder, loaded when the reader opens "Try it": it holds the body's text and where Send goes,
 * and lays out its parts (BodyEditor, SandboxPanel, KeyFields, AnswerView); signing, sending and the sandbox
 * are hooks (`hooks/`), the two ways to send are `transports.ts`.
 */
import {useEffect, useId, useMemo, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import type {ApiKeyCurve} from '@sigil/api-key-stamper';
import {curlCommand} from '../../samples';
import {personaliseSamples} from '../SamplePanel/personalise';
import AnswerView from './AnswerView';
import BodyEditor from './BodyEditor';
import KeyFields from './KeyFields';
import SandboxPanel from './SandboxPanel';
import {useApiKeyFields} from './hooks/useApiKeyFields';
import {useSandbox} from './hooks/useSandbox';
import {useSend} from './hooks/useSend';
import {useStamp} from './hooks/useStamp';
import {initialBody, parseBody, sendableBaseUrl, withOrganization} from './logic';
import {postToSandbox, postToServer} from './transports';
import type {Deliver, Target} from './types';
import type {RequestBuilderProps} from './index';
import styles from './styles.module.css';

export default function Builder({operationId, kind, path, activityType, example, apiBaseUrl, samples, onPersonalSamples}: RequestBuilderProps): ReactNode {
  const id = useId();
  const [text, setText] = useState(() => initialBody(example, kind, activityType, Date.now()));
  const [target, setTarget] = useState<Target>('sandbox');
  const sandboxControls = useSandbox(target === 'sandbox');
  const {sandbox} = sandboxControls;
  const sandboxKeys = sandbox.state === 'ready' ? sandbox.info : undefined;
  const [ownKey, setOwnKey] = useState(false);
  const keys = useApiKeyFields();
  const [baseUrlInput, setBaseUrlInput] = useState('');
  const {send, sendRequest, clearAnswer, stopPolling} = useSend();

  const parsed = useMemo(() => parseBody(text), [text]);
  const exact = parsed.ok ? parsed.exact : undefined;

  // An answer belongs to the body that was sent: a changed body (or key, or target) clears it and stops any polling.
  useEffect(clearAnswer, [exact, target]);

  // The sandbox's organization goes into the body as soon as it is known (and again after a reset).
  const sandboxOrganization = sandboxKeys?.organizationId;
  useEffect(() => {
    if (target === 'sandbox' && sandboxOrganization) setText((current) => withOrganization(current, sandboxOrganization));
  }, [target, sandboxOrganization]);

  // In the sandbox the builder signs with the sandbox's root key (P-256) unless the reader signs as another user they created.
  const sandboxSigns = target === 'sandbox' && !ownKey;
  const signingCurve: ApiKeyCurve = sandboxSigns ? 'API_KEY_CURVE_P256' : keys.curve;
  const {stamp, keyError, stamper} = useStamp(exact, {
    publicKey: sandboxSigns ? (sandboxKeys?.apiPublicKey ?? '') : keys.publicKey,
    sandboxPrivateKey: sandboxSigns ? (sandboxKeys?.apiPrivateKey ?? '') : undefined,
    privateKeyInput: keys.privateKeyInput,
    privateKeyRevision: keys.privateKeyRevision,
    curve: signingCurve,
  });

  const baseUrl = target === 'server' ? sendableBaseUrl(baseUrlInput) : undefined;
  const url = `${baseUrl ?? apiBaseUrl.replace(/\/+$/, '')}${path}`;
  const curl = exact === undefined ? undefined : curlCommand(url, exact, stamp ? {value: stamp} : {shellExpression: '$X_STAMP'});
  const canSend = target === 'sandbox' || baseUrl !== undefined;

  // The sample panel shows the reader's organization and base URL while the builder is open (Stripe-style samples).
  const bodyOrganization = parsed.ok ? (parsed.value as {organizationId?: unknown} | null)?.organizationId : undefined;
  const readerOrganization = typeof bodyOrganization === 'string' ? bodyOrganization : undefined;
  useEffect(() => {
    if (samples && onPersonalSamples) onPersonalSamples(personaliseSamples(samples, apiBaseUrl, {organizationId: readerOrganization, baseUrl}));
  }, [samples, onPersonalSamples, apiBaseUrl, readerOrganization, baseUrl]);

  const sendNow = (): void => {
    if (!stamp || exact === undefined || (target === 'server' && !baseUrl)) return;
    const deliver: Deliver = target === 'sandbox' ? postToSandbox : (toPath, body, stampValue) => postToServer(baseUrl!, toPath, body, stampValue);
    void sendRequest({
      path,
      exact,
      stamp,
      deliver,
      pollsActivities: kind === 'submission',
      organizationId: bodyOrganization,
      signer: () => stamper.current,
    });
  };

  return (
    <div className={styles.builder}>
      <BodyEditor id={id} operationId={operationId} kind={kind} text={text} onTextChange={setText} parsed={parsed} />

      <fieldset className={styles.fieldset}>
        <legend>Send to</legend>
        <div className={styles.choices}>
          {(
            [
              ['sandbox', 'Sandbox (in your browser)'],
              ['server', 'A server at a base URL'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className={styles.choice}>
              <input type="radio" name={`${id}-target`} value={value} checked={target === value} onChange={() => setTarget(value)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {target === 'sandbox' && <SandboxPanel id={id} controls={sandboxControls} onReset={clearAnswer} ownKey={ownKey} onOwnKeyChange={setOwnKey} />}

      {(target === 'server' || ownKey) && <KeyFields id={id} keys={keys} keyError={keyError} />}

      {target === 'server' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-base`}>Base URL to send to (optional)</label>
          <input
            id={`${id}-base`}
            className={styles.input}
            type="url"
            inputMode="url"
            placeholder={apiBaseUrl}
            value={baseUrlInput}
            onChange={(event) => setBaseUrlInput(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
          <p className={styles.help}>A Send button appears when you enter a base URL. Until then nothing leaves this page.</p>
        </div>
      )}

      <div className={styles.output}>
        <p className={styles.outputLabel} id={`${id}-exact-label`}>
          Body to send (the exact bytes the stamp signs)
        </p>
        <pre className={styles.pre} aria-labelledby={`${id}-exact-label`} data-testid="builder-body" tabIndex={0}>
          {exact ?? 'Fix the JSON above first.'}
        </pre>
        <p className={styles.outputLabel} id={`${id}-stamp-label`}>
          <code>X-Stamp</code> header
        </p>
        <pre className={styles.pre} aria-labelledby={`${id}-stamp-label`} data-testid="builder-stamp" tabIndex={0}>
          {stamp ?? (sandboxSigns ? 'The stamp appears when the sandbox has started.' : 'Enter an API key (or use the test key) to compute the stamp.')}
        </pre>
        {curl && (
          <CodeBlock language="bash" title="curl">
            {curl}
          </CodeBlock>
        )}
      </div>

      {canSend && (
        <div className={styles.send}>
          <button type="button" className="button button--primary" disabled={!stamp || send.state === 'sending'} onClick={sendNow}>
            {target === 'sandbox' ? 'Send to the sandbox' : `Send to ${baseUrl}`}
          </button>
          {target === 'server' && !stamp && <p className={styles.help}>Enter an API key first: requests need a stamp.</p>}
          <div aria-live="polite">
            <AnswerView send={send} testId={target === 'sandbox' ? 'sandbox-answer' : 'server-answer'} onStopPolling={stopPolling} />
          </div>
        </div>
      )}
    </div>
  );
}
