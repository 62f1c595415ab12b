import {useEffect, useId, useMemo, useRef, useState, type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {API_KEY_CURVES, ApiKeyStamper, TEST_VECTOR, generateApiKeyPair, publicKeyFromPrivateKey, type ApiKeyCurve} from '@sigil/api-key-stamper';
import {timestampLimits, validators} from '@generated/sigil-api-validators/index.js';
import {curveLabels} from './curves';
import {curlCommand} from '../../samples';
import {keepSandbox, resetSandbox, sandboxInfo, sendToSandbox, setPendingPolls} from '@site/src/sandbox/client';
import type {SandboxInfo} from '@site/src/sandbox/protocol';
import FormView from './FormView';
import type {RootSchema} from './form';
import {
  activityOf,
  checkTimestamp,
  describeDuration,
  describeErrors,
  initialBody,
  parseBody,
  pollDelayMs,
  sendableBaseUrl,
  UNSETTLED_STATUSES,
  withOrganization,
  withTimestamp,
  type FieldProblem,
  type ValidationError,
} from './logic';
import type {RequestBuilderProps} from './index';
import styles from './styles.module.css';

type Validate = ((data: unknown) => boolean) & {errors?: ValidationError[] | null; schema?: RootSchema};

/** Loads the operation's validator (compiled at build time, one small module per operation, carrying its schema). */
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

/** The time, refreshed every `everyMs` while `active`: the stale-timestamp warning appears without an edit. */
function useNow(active: boolean, everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

interface Answer {
  status: number;
  body: string;
}

/** Where polling a pending activity stands: the latest get_activity answer and how many reads it took. */
interface Polling {
  reads: number;
  status: string;
  latest?: Answer;
  /** Why polling stopped before the activity settled, if it did. */
  stopped?: string;
}

type SendState =
  | {state: 'idle'}
  | {state: 'sending'}
  | {state: 'answered'; answer: Answer; polling?: Polling}
  | {state: 'failed'; message: string};

type Target = 'sandbox' | 'server';

type SandboxState =
  | {state: 'off'}
  | {state: 'starting'}
  | {state: 'ready'; info: SandboxInfo; keepProblem?: string}
  | {state: 'failed'; message: string};

/** The document's get_activity path: where the builder polls a pending activity. */
const GET_ACTIVITY_PATH = '/public/v1/query/get_activity';
/** Enough reads for the slowest activity a reader would wait for in a browser tab (about four minutes at the capped delay). */
const MAX_POLLS = 30;
/** get_activity reads a new sandbox activity answers PENDING when the reader asks to watch polling. */
const SANDBOX_PENDING_READS = 2;

/** The in-browser emulator (src/sandbox), started when the reader picks it as the target. */
function useSandbox(wanted: boolean) {
  const [sandbox, setSandbox] = useState<SandboxState>({state: 'off'});
  const started = sandbox.state !== 'off';
  useEffect(() => {
    if (!wanted || started) return;
    setSandbox({state: 'starting'});
    sandboxInfo()
      .then((info) => setSandbox({state: 'ready', info}))
      .catch((error: unknown) => setSandbox({state: 'failed', message: (error as Error).message}));
  }, [wanted, started]);
  const settle = (change: Promise<SandboxInfo>, what: string): void => {
    change
      .then((info) => setSandbox({state: 'ready', info}))
      // The sandbox itself still works: only this change failed, so it stays ready and says why.
      .catch((error: unknown) =>
        setSandbox((current) => (current.state === 'ready' ? {state: 'ready', info: current.info, keepProblem: `${what}: ${(error as Error).message}`} : current)),
      );
  };
  return {
    sandbox,
    reset: (): void => {
      setSandbox({state: 'starting'});
      resetSandbox()
        .then((info) => setSandbox({state: 'ready', info}))
        .catch((error: unknown) => setSandbox({state: 'failed', message: (error as Error).message}));
    },
    keep: (wantKept: boolean): void => settle(keepSandbox(wantKept), 'Could not keep the sandbox'),
    setPending: (polls: number): void => {
      // The box follows the reader's click at once; the worker's answer confirms it (or the problem says why not).
      setSandbox((current) => (current.state === 'ready' ? {...current, info: {...current.info, pendingPolls: polls}} : current));
      settle(setPendingPolls(polls), 'Could not change how activities wait');
    },
  };
}

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Posts to a server the reader named; says so plainly when the site's policy or CORS stops it. */
async function postToServer(baseUrl: string, path: string, body: string, stamp: string): Promise<Answer> {
  // The site's Content Security Policy may not allow this host (connect-src); tell the reader rather than guess.
  let blockedByPolicy = false;
  const onViolation = (event: SecurityPolicyViolationEvent): void => {
    if (event.effectiveDirective === 'connect-src') blockedByPolicy = true;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  try {
    const response = await fetch(`${baseUrl}${path}`, {method: 'POST', headers: {'Content-Type': 'application/json', 'X-Stamp': stamp}, body});
    return {status: response.status, body: pretty(await response.text())};
  } catch (error) {
    // The violation event is queued as a task; let it arrive before deciding what went wrong.
    await new Promise((resolve) => setTimeout(resolve, 0));
    throw new Error(
      blockedByPolicy
        ? `This site's Content Security Policy does not allow requests to ${new URL(baseUrl).origin}. Copy the curl command instead.`
        : `${(error as Error).message}. The server may be unreachable or may not accept requests from this site (CORS).`,
    );
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

async function postToSandbox(path: string, body: string, stamp: string): Promise<Answer> {
  try {
    const response = await sendToSandbox({method: 'POST', path, headers: {'Content-Type': 'application/json', 'X-Stamp': stamp}, body});
    return {status: response.status, body: pretty(response.body)};
  } catch (error) {
    throw new Error(`The sandbox could not answer: ${(error as Error).message}`);
  }
}

function AnswerView({send, testId, onStopPolling}: {send: SendState; testId: string; onStopPolling: () => void}): ReactNode {
  if (send.state === 'sending') return <p>Sending…</p>;
  if (send.state === 'failed') return <p className={styles.problemText}>{send.message}</p>;
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

export default function Builder({operationId, kind, path, activityType, example, apiBaseUrl}: RequestBuilderProps): ReactNode {
  const id = useId();
  const [text, setText] = useState(() => initialBody(example, kind, activityType, Date.now()));
  const [view, setView] = useState<'json' | 'form'>('json');
  const [target, setTarget] = useState<Target>('sandbox');
  const {sandbox, reset: resetTheSandbox, keep: keepTheSandbox, setPending: setSandboxPending} = useSandbox(target === 'sandbox');
  const sandboxKeys = sandbox.state === 'ready' ? sandbox.info : undefined;
  const [ownKey, setOwnKey] = useState(false);
  // The reader's key lives only in this component's state: no storage, no network.
  const [curve, setCurve] = useState<ApiKeyCurve>('API_KEY_CURVE_P256');
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
  // The stamper that made `stamp`: polling signs its get_activity reads with the same key.
  const stamper = useRef<ApiKeyStamper>(undefined);
  const [keyError, setKeyError] = useState<string>();
  const [send, setSend] = useState<SendState>({state: 'idle'});
  // Bumped whenever an answer stops being current (the body, key or target changed): a send or poll still running stops.
  const sendGeneration = useRef(0);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const {validate, failed} = useValidator(operationId);
  const now = useNow(kind === 'submission', 15_000);

  useEffect(() => {
    bodyRef.current?.focus();
  }, []);

  const parsed = useMemo(() => parseBody(text), [text]);
  const problems: FieldProblem[] = useMemo(() => {
    if (!parsed.ok || !validate) return [];
    return validate(parsed.value) ? [] : describeErrors(validate.errors ?? []);
  }, [parsed, validate]);
  const exact = parsed.ok ? parsed.exact : undefined;
  const timestamp = kind === 'submission' && parsed.ok ? checkTimestamp(parsed.value, now, timestampLimits) : ({state: 'absent'} as const);

  // An answer belongs to the body that was sent: a changed body (or key, or target) clears it and stops any polling.
  const clearAnswer = (): void => {
    sendGeneration.current += 1;
    setSend({state: 'idle'});
  };
  useEffect(clearAnswer, [exact, target]);

  // The sandbox's organization goes into the body as soon as it is known (and again after a reset).
  const sandboxOrganization = sandboxKeys?.organizationId;
  useEffect(() => {
    if (target === 'sandbox' && sandboxOrganization) setText((current) => withOrganization(current, sandboxOrganization));
  }, [target, sandboxOrganization]);

  // In the sandbox the builder signs with the sandbox's root key (P-256) unless the reader signs as another user they created.
  const sandboxSigns = target === 'sandbox' && !ownKey;
  const signingPublicKey = sandboxSigns ? (sandboxKeys?.apiPublicKey ?? '') : publicKey;
  const sandboxPrivateKey = sandboxSigns ? (sandboxKeys?.apiPrivateKey ?? '') : undefined;
  const signingCurve: ApiKeyCurve = sandboxSigns ? 'API_KEY_CURVE_P256' : curve;

  useEffect(() => {
    setStamp(undefined);
    setKeyError(undefined);
    stamper.current = undefined;
    const secret = (sandboxPrivateKey ?? privateKeyInput.current?.value ?? '').trim();
    if (exact === undefined || secret === '') return undefined;
    let live = true;
    (async () => {
      const apiPublicKey = signingPublicKey.trim() || publicKeyFromPrivateKey(secret, signingCurve);
      const signer = new ApiKeyStamper({apiPublicKey, apiPrivateKey: secret, curve: signingCurve});
      const {stampHeaderValue} = await signer.stamp(exact);
      if (!live) return;
      stamper.current = signer;
      setStamp(stampHeaderValue);
    })().catch((error: unknown) => {
      if (live) setKeyError((error as Error).message);
    });
    return () => {
      live = false;
    };
  }, [exact, signingPublicKey, sandboxPrivateKey, signingCurve, privateKeyRevision]);

  const baseUrl = target === 'server' ? sendableBaseUrl(baseUrlInput) : undefined;
  const url = `${baseUrl ?? apiBaseUrl.replace(/\/+$/, '')}${path}`;
  const curl = exact === undefined ? undefined : curlCommand(url, exact, stamp ? {value: stamp} : {shellExpression: '$X_STAMP'});

  /** Where Send goes: the sandbox in this tab, or the server at the base URL the reader typed. */
  const deliver = (toPath: string, body: string, stampValue: string): Promise<Answer> =>
    target === 'sandbox' ? postToSandbox(toPath, body, stampValue) : postToServer(baseUrl!, toPath, body, stampValue);

  /** Reads the activity until it leaves CREATED/PENDING, backing off; stops when the answer stops being current. */
  async function poll(run: number, answer: Answer, activityId: string, status: string): Promise<void> {
    const organizationId = parsed.ok ? (parsed.value as {organizationId?: unknown}).organizationId : undefined;
    const signer = stamper.current;
    let polling: Polling = {reads: 0, status};
    const show = (next: Polling): void => {
      polling = next;
      if (run === sendGeneration.current) setSend({state: 'answered', answer, polling: next});
    };
    show(polling);
    if (typeof organizationId !== 'string' || !signer) {
      show({...polling, stopped: 'the body names no organizationId to read the activity from.'});
      return;
    }
    for (let n = 0; n < MAX_POLLS; n++) {
      await new Promise((resolve) => setTimeout(resolve, pollDelayMs(n)));
      if (run !== sendGeneration.current) return;
      const body = JSON.stringify({organizationId, activityId});
      try {
        const latest = await deliver(GET_ACTIVITY_PATH, body, (await signer.stamp(body)).stampHeaderValue);
        const activity = latest.status === 200 ? activityOf(latest.body) : undefined;
        if (!activity) {
          show({...polling, reads: n + 1, latest, stopped: `get_activity answered HTTP ${latest.status}.`});
          return;
        }
        show({reads: n + 1, status: activity.status, latest});
        if (!UNSETTLED_STATUSES.has(activity.status)) return;
      } catch (error) {
        show({...polling, stopped: (error as Error).message});
        return;
      }
    }
    show({...polling, stopped: `the activity was still unsettled after ${MAX_POLLS} reads.`});
  }

  async function sendRequest(): Promise<void> {
    if (!stamp || exact === undefined || (target === 'server' && !baseUrl)) return;
    const run = ++sendGeneration.current;
    setSend({state: 'sending'});
    try {
      const answer = await deliver(path, exact, stamp);
      if (run !== sendGeneration.current) return;
      setSend({state: 'answered', answer});
      const activity = kind === 'submission' && answer.status === 200 ? activityOf(answer.body) : undefined;
      if (activity && UNSETTLED_STATUSES.has(activity.status)) await poll(run, answer, activity.id, activity.status);
    } catch (error) {
      if (run === sendGeneration.current) setSend({state: 'failed', message: (error as Error).message});
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
  const invalidPaths = useMemo(() => new Set(problems.map((p) => p.path)), [problems]);
  const refreshTimestamp = (): void => {
    const next = withTimestamp(text, Date.now());
    if (next) setText(next);
  };
  const canSend = target === 'sandbox' || baseUrl !== undefined;
  // Stops the polling loop; the answers so far stay in view.
  const stopPolling = (): void => {
    sendGeneration.current += 1;
    if (send.state === 'answered' && send.polling) setSend({...send, polling: {...send.polling, stopped: 'you stopped it.'}});
  };

  return (
    <div className={styles.builder}>
      <div className={styles.field}>
        <fieldset className={styles.inlineChoices}>
          <legend>Edit the body as</legend>
          {(['json', 'form'] as const).map((option) => (
            <label key={option} className={styles.choice}>
              <input type="radio" name={`${id}-view`} value={option} checked={view === option} onChange={() => setView(option)} />
              {option === 'json' ? 'JSON' : 'Form'}
            </label>
          ))}
        </fieldset>
        {view === 'json' ? (
          <>
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
          </>
        ) : !parsed.ok ? (
          <p className={styles.problemText}>The form shows a body that is valid JSON: fix it in the JSON view first.</p>
        ) : !validate?.schema ? (
          <p role="status">{failed ?? 'Loading the request schema…'}</p>
        ) : (
          <section aria-label="Request body (form)" aria-describedby={`${id}-status`}>
            <FormView
              root={validate.schema}
              value={parsed.value}
              onChange={(next) => setText(JSON.stringify(next, null, 2))}
              idPrefix={id.replace(/[^A-Za-z0-9_-]/g, '')}
              invalidPaths={invalidPaths}
            />
          </section>
        )}
        {kind === 'submission' && (
          <button type="button" className="button button--secondary button--sm" onClick={refreshTimestamp}>
            Set timestampMs to now
          </button>
        )}
        {(timestamp.state === 'old' || timestamp.state === 'future') && (
          <div role="alert" className={styles.warning} data-testid="builder-timestamp-warning">
            <p>
              {timestamp.state === 'old'
                ? `timestampMs is ${describeDuration(timestamp.byMs)} old: the API refuses a submission more than ${describeDuration(timestampLimits.maxAgeMs)} old.`
                : `timestampMs is ${describeDuration(timestamp.byMs)} in the future: the API refuses a submission more than ${describeDuration(timestampLimits.maxSkewMs)} ahead of its clock.`}
            </p>
            <button type="button" className="button button--secondary button--sm" onClick={refreshTimestamp}>
              Refresh timestampMs
            </button>
          </div>
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
                clearAnswer();
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
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={sandbox.state === 'ready' && sandbox.info.pendingPolls > 0}
              disabled={sandbox.state !== 'ready'}
              aria-describedby={`${id}-pending-help`}
              onChange={(event) => setSandboxPending(event.target.checked ? SANDBOX_PENDING_READS : 0)}
            />
            Keep new activities pending for a while
          </label>
          <p className={styles.help} id={`${id}-pending-help`}>
            A real activity can wait as <code>ACTIVITY_STATUS_PENDING</code> before it runs. When this is on, each new
            activity answers pending to its first {SANDBOX_PENDING_READS} <code>get_activity</code> reads, and you can
            watch the builder poll it until it settles.
          </p>
          {sandbox.state === 'ready' && sandbox.keepProblem && (
            <p className={styles.problemText} role="alert">
              {sandbox.keepProblem}
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
          <legend>API key (hex)</legend>
          <div className={styles.field}>
            <label htmlFor={`${id}-curve`}>Key type</label>
            <select
              id={`${id}-curve`}
              className={styles.input}
              value={curve}
              onChange={(event) => {
                // A key belongs to one curve: a new type starts with empty key fields.
                setCurve(event.target.value as ApiKeyCurve);
                setPublicKey('');
                setPrivateKey('');
              }}>
              {API_KEY_CURVES.map((option) => (
                <option key={option} value={option}>
                  {curveLabels[option].name} ({option})
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-public`}>Public key ({curveLabels[curve].publicKey}; derived from the private key when empty)</label>
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
                // The documentation's test key is a P-256 key.
                setCurve('API_KEY_CURVE_P256');
                setPublicKey(TEST_VECTOR.publicKey);
                setPrivateKey(TEST_VECTOR.privateKey);
              }}>
              Use the documentation test key
            </button>
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => {
                // Made in this page (the stamper's generator, on the chosen curve) and kept only in these fields.
                const pair = generateApiKeyPair(curve);
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
            The test key is public, fake and P-256: Sigil rejects it. A generated pair is new, of the type chosen above;
            register its public key with <code>create_api_keys</code> (the same <code>curveType</code>) before you sign
            with it. Keys you paste or generate stay in this page&apos;s memory and are gone when you leave.
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
          <button
            type="button"
            className="button button--primary"
            disabled={!stamp || send.state === 'sending'}
            onClick={() => {
              void sendRequest();
            }}>
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

