import {useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {ApiKeyStamper, TEST_VECTOR, publicKeyFromPrivateKey} from '@sigil/api-key-stamper';
import {validators} from '@generated/sigil-api-validators/index.js';
import {curlCommand} from '../../samples';
import {describeErrors, initialBody, parseBody, sendableBaseUrl, withTimestamp, type FieldProblem, type ValidationError} from './logic';
import type {RequestBuilderProps} from './index';
import styles from './styles.module.css';

type Validate = ((data: unknown) => boolean) & {errors?: ValidationError[] | null};

/** Loads the operation's validator (compiled at build time, one small module per operation). */
function useValidator(operationId: string): {validate?: Validate; failed?: string} {
  const [state, setState] = useState<{validate?: Validate; failed?: string}>({});
  useEffect(() => {
    let live = true;
    const load = validators[operationId];
    if (!load) {
      setState({failed: `No validator for ${operationId}`});
      return undefined;
    }
    load()
      .then((module) => {
        if (live) setState({validate: module.default as Validate});
      })
      .catch((error: unknown) => {
        if (live) setState({failed: `The validator could not load (${(error as Error).message})`});
      });
    return () => {
      live = false;
    };
  }, [operationId]);
  return state;
}

type SendState =
  | {state: 'idle'}
  | {state: 'sending'}
  | {state: 'answered'; status: number; body: string}
  | {state: 'failed'; message: string};

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export default function Builder({operationId, kind, path, activityType, example, apiBaseUrl}: RequestBuilderProps): ReactNode {
  const id = useId();
  const [text, setText] = useState(() => initialBody(example, kind, activityType, Date.now()));
  // The key lives only in this component's state: no storage, no network.
  const [publicKey, setPublicKey] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [baseUrlInput, setBaseUrlInput] = useState('');
  const [stamp, setStamp] = useState<string>();
  const [keyError, setKeyError] = useState<string>();
  const [send, setSend] = useState<SendState>({state: 'idle'});
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const {validate, failed} = useValidator(operationId);

  useEffect(() => {
    bodyRef.current?.focus();
  }, []);

  const parsed = useMemo(() => parseBody(text), [text]);
  const problems: FieldProblem[] = useMemo(() => {
    if (!parsed.ok || !validate) return [];
    return validate(parsed.value) ? [] : describeErrors(validate.errors ?? []);
  }, [parsed, validate]);
  const exact = parsed.ok ? parsed.exact : undefined;

  useEffect(() => {
    setStamp(undefined);
    setKeyError(undefined);
    const secret = privateKey.trim();
    if (exact === undefined || secret === '') return undefined;
    let live = true;
    (async () => {
      const apiPublicKey = publicKey.trim() || publicKeyFromPrivateKey(secret);
      const {stampHeaderValue} = await new ApiKeyStamper({apiPublicKey, apiPrivateKey: secret}).stamp(exact);
      if (live) setStamp(stampHeaderValue);
    })().catch((error: unknown) => {
      if (live) setKeyError((error as Error).message);
    });
    return () => {
      live = false;
    };
  }, [exact, publicKey, privateKey]);

  const baseUrl = sendableBaseUrl(baseUrlInput);
  const url = `${baseUrl ?? apiBaseUrl.replace(/\/+$/, '')}${path}`;
  const curl =
    exact === undefined ? undefined : curlCommand(url, exact, stamp ? {value: stamp} : {shellExpression: '$X_STAMP'});

  async function sendRequest(): Promise<void> {
    if (!baseUrl || !stamp || exact === undefined) return;
    setSend({state: 'sending'});
    // The site's Content Security Policy may not allow this host (connect-src); tell the reader rather than guess.
    let blockedByPolicy = false;
    const onViolation = (event: SecurityPolicyViolationEvent): void => {
      if (event.effectiveDirective === 'connect-src') blockedByPolicy = true;
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', 'X-Stamp': stamp},
        body: exact,
      });
      setSend({state: 'answered', status: response.status, body: pretty(await response.text())});
    } catch (error) {
      // The violation event is queued as a task; let it arrive before deciding what went wrong.
      await new Promise((resolve) => setTimeout(resolve, 0));
      setSend({
        state: 'failed',
        message: blockedByPolicy
          ? `This site's Content Security Policy does not allow requests to ${new URL(baseUrl).origin}. Copy the curl command instead.`
          : `${(error as Error).message}. The server may be unreachable or may not accept requests from this site (CORS).`,
      });
    } finally {
      document.removeEventListener('securitypolicyviolation', onViolation);
    }
  }

  const statusText = !parsed.ok
    ? 'The body is not valid JSON.'
    : failed
      ? failed
      : !validate
        ? 'Loading the schema check…'
        : problems.length === 0
          ? 'The body matches the request schema.'
          : `${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} with the body:`;

  return (
    <div className={styles.builder}>
      <div className={styles.field}>
        <label htmlFor={`${id}-body`}>Request body (JSON)</label>
        <textarea
          id={`${id}-body`}
          ref={bodyRef}
          className={styles.editor}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={Math.min(24, text.split('\n').length + 1)}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          aria-invalid={!parsed.ok || problems.length > 0}
          aria-describedby={`${id}-status`}
        />
        {kind === 'submission' && (
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => {
              const next = withTimestamp(text, Date.now());
              if (next) setText(next);
            }}>
            Set timestampMs to now
          </button>
        )}
        <div id={`${id}-status`} className={styles.status} data-testid="builder-status">
          <p aria-live="polite" className={problems.length > 0 || !parsed.ok ? styles.problemText : styles.okText}>
            {statusText}
          </p>
          {!parsed.ok && <p className={styles.problemText}>{parsed.error}</p>}
          {problems.length > 0 && (
            <ul className={styles.problems}>
              {problems.map((problem) => (
                <li key={`${problem.path} ${problem.message}`}>
                  {problem.anchor ? (
                    <a href={`#${problem.anchor}`}>
                      <code>{problem.path}</code>
                    </a>
                  ) : (
                    <code>{problem.path}</code>
                  )}{' '}
                  {problem.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      <fieldset className={styles.fieldset}>
        <legend>API key (P-256, hex)</legend>
        <div className={styles.field}>
          <label htmlFor={`${id}-public`}>Public key (compressed, 66 hex characters; derived from the private key when empty)</label>
          <input
            id={`${id}-public`}
            className={styles.input}
            value={publicKey}
            onChange={(event) => setPublicKey(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-private`}>Private key (64 hex characters)</label>
          <input
            id={`${id}-private`}
            className={styles.input}
            type="password"
            value={privateKey}
            onChange={(event) => setPrivateKey(event.target.value)}
            spellCheck={false}
            autoComplete="off"
          />
        </div>
        <div className={styles.actions}>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => {
              setPublicKey(TEST_VECTOR.publicKey);
              setPrivateKey(TEST_VECTOR.privateKey);
            }}>
            Use the documentation test key
          </button>
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => {
              setPublicKey('');
              setPrivateKey('');
            }}>
            Clear the key
          </button>
        </div>
        <p className={styles.help}>
          The test key is public and fake: Sigil rejects it. Keys you paste stay in this page's memory and are gone when
          you leave.
        </p>
        {keyError && (
          <p role="alert" className={styles.problemText}>
            {keyError}
          </p>
        )}
      </fieldset>

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
          {stamp ?? 'Enter an API key (or use the test key) to compute the stamp.'}
        </pre>
        {curl && (
          <CodeBlock language="bash" title="curl">
            {curl}
          </CodeBlock>
        )}
      </div>

      {baseUrl && (
        <div className={styles.send}>
          <button
            type="button"
            className="button button--primary"
            disabled={!stamp || send.state === 'sending'}
            onClick={() => {
              void sendRequest();
            }}>
            Send to {baseUrl}
          </button>
          {!stamp && <p className={styles.help}>Enter an API key first: requests need a stamp.</p>}
          <div aria-live="polite">
            {send.state === 'sending' && <p>Sending…</p>}
            {send.state === 'failed' && <p className={styles.problemText}>{send.message}</p>}
            {send.state === 'answered' && (
              <CodeBlock language="json" title={`Answer: HTTP ${send.status}`}>
                {send.body}
              </CodeBlock>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
