import {useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {ApiKeyStamper, TEST_VECTOR, generateApiKeyPair, publicKeyFromPrivateKey} from '@sigil/api-key-stamper';
import {validators} from '@generated/sigil-api-validators/index.js';
import {curlCommand} from '../../samples';
import {keepSandbox, resetSandbox, sandboxInfo, sendToSandbox} from '@site/src/sandbox/client';
import type {SandboxInfo} from '@site/src/sandbox/protocol';
import {describeErrors, initialBody, parseBody, sendableBaseUrl, withOrganization, withTimestamp, type FieldProblem, type ValidationError} from './logic';
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

type Target = 'sandbox' | 'server';

type SandboxState =
  | {state: 'off'}
  | {state: 'starting'}
  | {state: 'ready'; info: SandboxInfo; keepProblem?: string}
  | {state: 'failed'; message: string};

/** The in-browser emulator (src/sandbox), started when the reader picks it as the target. */
function useSandbox(wanted: boolean): [SandboxState, () => void, (keep: boolean) => void] {
  const [sandbox, setSandbox] = useState<SandboxState>({state: 'off'});
  const started = sandbox.state !== 'off';
  useEffect(() => {
    if (!wanted || started) return;
    setSandbox({state: 'starting'});
    sandboxInfo()
      .then((info) => setSandbox({state: 'ready', info}))
      .catch((error: unknown) => setSandbox({state: 'failed', message: (error as Error).message}));
  }, [wanted, started]);
  const reset = (): void => {
    setSandbox({state: 'starting'});
    resetSandbox()
      .then((info) => setSandbox({state: 'ready', info}))
      .catch((error: unknown) => setSandbox({state: 'failed', message: (error as Error).message}));
  };
  const keep = (wantKept: boolean): void => {
    keepSandbox(wantKept)
      .then((info) => setSandbox({state: 'ready', info}))
      // The sandbox itself still works: only keeping it failed, so it stays ready and says why.
      .catch((error: unknown) => setSandbox((current) => (current.state === 'ready' ? {state: 'ready', info: {...current.info, kept: false}, keepProblem: (error as Error).message} : current)));
  };
  return [sandbox, reset, keep];
}

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
  const [target, setTarget] = useState<Target>('sandbox');
  const [sandbox, resetTheSandbox, keepTheSandbox] = useSandbox(target === 'sandbox');
  const sandboxKeys = sandbox.state === 'ready' ? sandbox.info : undefined;
  const [ownKey, setOwnKey] = useState(false);
  // The reader's key lives only in this component's state: no storage, no network.
  const [publicKey, setPublicKey] = useState('');
  // The private key stays in its (uncontrolled) field and is read through a ref: a controlled field would have React
  // copy it into the input's `value` attribute, into the DOM. The revision re-runs the signing when it changes.
  const privateKeyInput = useRef<HTMLInputElement>(null);
  const [privateKeyRevision, setPrivateKeyRevision] = useState(0);
  const setPrivateKey = (value: string): void => {
    if (privateKeyInput.current) privateKeyInput.current.value = value;
    setPrivateKeyRevision((n) => n + 1);
  };
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

  // The sandbox's organization goes into the body as soon as it is known (and again after a reset).
  const sandboxOrganization = sandboxKeys?.organizationId;
  useEffect(() => {
    if (target === 'sandbox' && sandboxOrganization) setText((current) => withOrganization(current, sandboxOrganization));
  }, [target, sandboxOrganization]);

  // In the sandbox the builder signs with the sandbox's root key unless the reader signs as another user they created.
  const sandboxSigns = target === 'sandbox' && !ownKey;
  const signingPublicKey = sandboxSigns ? (sandboxKeys?.apiPublicKey ?? '') : publicKey;
  const sandboxPrivateKey = sandboxSigns ? (sandboxKeys?.apiPrivateKey ?? '') : undefined;

  useEffect(() => {
    setStamp(undefined);
    setKeyError(undefined);
    const secret = (sandboxPrivateKey ?? privateKeyInput.current?.value ?? '').trim();
    if (exact === undefined || secret === '') return undefined;
    let live = true;
    (async () => {
      const apiPublicKey = signingPublicKey.trim() || publicKeyFromPrivateKey(secret);
      const {stampHeaderValue} = await new ApiKeyStamper({apiPublicKey, apiPrivateKey: secret}).stamp(exact);
      if (live) setStamp(stampHeaderValue);
    })().catch((error: unknown) => {
      if (live) setKeyError((error as Error).message);
    });
    return () => {
      live = false;
    };
  }, [exact, signingPublicKey, sandboxPrivateKey, privateKeyRevision]);

  const baseUrl = target === 'server' ? sendableBaseUrl(baseUrlInput) : undefined;
  const url = `${baseUrl ?? apiBaseUrl.replace(/\/+$/, '')}${path}`;
  const curl =
    exact === undefined ? undefined : curlCommand(url, exact, stamp ? {value: stamp} : {shellExpression: '$X_STAMP'});

  async function sendRequestToSandbox(): Promise<void> {
    if (!stamp || exact === undefined) return;
    setSend({state: 'sending'});
    try {
      const response = await sendToSandbox({
        method: 'POST',
        path,
        headers: {'Content-Type': 'application/json', 'X-Stamp': stamp},
        body: exact,
      });
      setSend({state: 'answered', status: response.status, body: pretty(response.body)});
    } catch (error) {
      setSend({state: 'failed', message: `The sandbox could not answer: ${(error as Error).message}`});
    }
  }

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
        <legend>Send to</legend>
        <div className={styles.choices}>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-target`}
              value="sandbox"
              checked={target === 'sandbox'}
              onChange={() => {
                setTarget('sandbox');
                setSend({state: 'idle'});
              }}
            />
            Sandbox (in your browser)
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-target`}
              value="server"
              checked={target === 'server'}
              onChange={() => {
                setTarget('server');
                setSend({state: 'idle'});
              }}
            />
            A server at a base URL
          </label>
        </div>
      </fieldset>

      {target === 'sandbox' ? (
        <section className={styles.fieldset} aria-labelledby={`${id}-sandbox-title`} data-testid="sandbox">
          <p className={styles.sandboxTitle} id={`${id}-sandbox-title`}>
            Sandbox
          </p>
          <p className={styles.help}>
            A Sigil emulator running in this tab: requests go to it, not over the network. It starts with an
            organization and a root user whose API key signs your requests.
          </p>
          <div aria-live="polite">
            {sandbox.state === 'starting' && <p role="status">Starting the sandbox…</p>}
            {sandbox.state === 'failed' && <p className={styles.problemText}>The sandbox could not start: {sandbox.message}</p>}
          </div>
          {sandbox.state === 'ready' && (
            <dl className={styles.facts}>
              <dt>Organization ID</dt>
              <dd>
                <code data-testid="sandbox-organization">{sandbox.info.organizationId}</code>
              </dd>
              <dt>Root user ID</dt>
              <dd>
                <code>{sandbox.info.userId}</code>
              </dd>
              <dt>API public key</dt>
              <dd>
                <code data-testid="sandbox-public-key">{sandbox.info.apiPublicKey}</code>
              </dd>
              <dt>API private key</dt>
              <dd>
                <code>{sandbox.info.apiPrivateKey}</code>
              </dd>
            </dl>
          )}
          <p className={styles.help}>
            {sandbox.state === 'ready' && sandbox.info.kept
              ? 'This key was generated in your browser for the sandbox only. It is kept in this browser, with everything you created, until you reset the sandbox or stop keeping it; no real Sigil organization knows it.'
              : 'This key was generated in your browser for the sandbox only. It lives in this tab and is gone when you close it or reset the sandbox; no real Sigil organization knows it.'}
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className="button button--secondary button--sm"
              disabled={sandbox.state === 'starting'}
              onClick={() => {
                setSend({state: 'idle'});
                resetTheSandbox();
              }}>
              Reset the sandbox
            </button>
          </div>
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={sandbox.state === 'ready' && sandbox.info.kept}
              disabled={sandbox.state !== 'ready'}
              aria-describedby={`${id}-keep-help`}
              onChange={(event) => keepTheSandbox(event.target.checked)}
            />
            Keep the sandbox in this browser
          </label>
          <p className={styles.help} id={`${id}-keep-help`}>
            Off by default. When on, the sandbox&apos;s keys, wallets and everything else in it are stored unencrypted in
            this browser&apos;s IndexedDB and come back on your next visit. Turning it off or resetting the sandbox deletes
            them.
          </p>
          {sandbox.state === 'ready' && sandbox.keepProblem && (
            <p className={styles.problemText} role="alert">
              Could not keep the sandbox: {sandbox.keepProblem}
            </p>
          )}
          <label className={styles.choice}>
            <input type="checkbox" checked={ownKey} onChange={(event) => setOwnKey(event.target.checked)} />
            Sign with another key (of a user you created in the sandbox)
          </label>
        </section>
      ) : null}

      {(target === 'server' || ownKey) && (
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
              ref={privateKeyInput}
              onChange={() => setPrivateKeyRevision((n) => n + 1)}
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
                // Made in this page (the stamper's P-256 generator) and kept only in these fields.
                const pair = generateApiKeyPair();
                setPublicKey(pair.publicKey);
                setPrivateKey(pair.privateKey);
              }}>
              Generate a new key pair
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
            The test key is public and fake: Sigil rejects it. A generated pair is new and P-256; register its public key
            with <code>create_api_keys</code> before you sign with it. Keys you paste or generate stay in this page's memory
            and are gone when you leave.
          </p>
          {keyError && (
            <p role="alert" className={styles.problemText}>
              {keyError}
            </p>
          )}
        </fieldset>
      )}

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
          {stamp ??
            (sandboxSigns ? 'The stamp appears when the sandbox has started.' : 'Enter an API key (or use the test key) to compute the stamp.')}
        </pre>
        {curl && (
          <CodeBlock language="bash" title="curl">
            {curl}
          </CodeBlock>
        )}
      </div>

      {target === 'sandbox' && (
        <div className={styles.send}>
          <button
            type="button"
            className="button button--primary"
            disabled={!stamp || send.state === 'sending'}
            onClick={() => {
              void sendRequestToSandbox();
            }}>
            Send to the sandbox
          </button>
          <div aria-live="polite">
            {send.state === 'sending' && <p>Sending…</p>}
            {send.state === 'failed' && <p className={styles.problemText}>{send.message}</p>}
            {send.state === 'answered' && (
              <div data-testid="sandbox-answer" data-status={send.status}>
                <CodeBlock language="json" title={`Answer: HTTP ${send.status}`}>
                  {send.body}
                </CodeBlock>
              </div>
            )}
          </div>
        </div>
      )}

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
