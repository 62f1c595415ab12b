import {useDeferredValue, useId, useMemo, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {POLICY_EXAMPLES, contextToText, findExample, resolveInitial} from './initial';
import type {PlaygroundEffect, PolicyPlaygroundProps} from './initial';
import {computeDisplay, splitAtRange} from './state';
import type {Diagnostic, DisplayStatus} from './state';
import styles from './styles.module.css';

export type {PolicyPlaygroundProps} from './initial';

const STATUS_CLASS: Record<DisplayStatus, string | undefined> = {
  ALLOW: styles.allow,
  DENY: styles.deny,
  CONSENSUS_NEEDED: styles.waiting,
  ROOT_QUORUM: styles.quorum,
  INVALID: styles.invalid,
};

const GROUPS = [...new Set(POLICY_EXAMPLES.map((e) => e.group))];

/** Shows the expression with the error range marked, and the message with its position. */
function ErrorView({source, diagnostics, id}: {source: string; diagnostics: Diagnostic[]; id: string}): ReactNode {
  const first = diagnostics[0];
  if (!first) return null;
  const {before, marked, after} = splitAtRange(source, first.start, first.end);
  return (
    <div className={styles.errorBox}>
      <pre className={styles.source}>
        <code>
          {before}
          <mark className={styles.mark}>{marked}</mark>
          {after}
        </code>
      </pre>
      <div role="alert" id={id} className={styles.errorMessage}>
        {diagnostics.map((d, i) => (
          <p key={i}>
            Line {d.line}:{d.column}: {d.message}
          </p>
        ))}
      </div>
    </div>
  );
}

interface ExpressionFieldProps {
  id: string;
  helpId: string;
  errorId: string;
  label: string;
  help: ReactNode;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  /** The text the diagnostics point into (what was last evaluated). */
  source: string;
  diagnostics: Diagnostic[];
}

/** A policy expression editor (condition or consensus) with its help text and errors. */
function ExpressionField({id, helpId, errorId, label, help, rows, value, onChange, source, diagnostics}: ExpressionFieldProps): ReactNode {
  const invalid = diagnostics.length > 0;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <p id={helpId} className={styles.help}>
        {help}
      </p>
      <textarea
        id={id}
        className={styles.code}
        rows={rows}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${helpId} ${errorId}` : helpId}
      />
      <ErrorView source={source} diagnostics={diagnostics} id={errorId} />
    </div>
  );
}

/**
 * Try a policy against a request in the browser: edit the condition, consensus, effect and the
 * request context, and see the engine's verdict. Loaded through ./Lazy on the pages that use it.
 */
export default function PolicyPlayground(props: PolicyPlaygroundProps): ReactNode {
  // Props seed the editors once; later prop changes do not overwrite what the reader typed.
  const [initial] = useState(() => resolveInitial(props));
  const [condition, setCondition] = useState(initial.condition);
  const [consensus, setConsensus] = useState(initial.consensus);
  const [effect, setEffect] = useState<PlaygroundEffect>(initial.effect);
  const [contextText, setContextText] = useState(initial.contextText);
  const [exampleId, setExampleId] = useState(initial.example?.id ?? '');
  const [caseIndex, setCaseIndex] = useState(0);

  const input = useDeferredValue({condition, consensus, effect, contextText});
  const display = useMemo(() => computeDisplay(input), [input]);
  const example = findExample(exampleId || undefined);
  const expected = example?.cases[caseIndex]?.expected;

  const id = useId();
  const ids = {
    example: `${id}-example`,
    sample: `${id}-sample`,
    condition: `${id}-condition`,
    conditionHelp: `${id}-condition-help`,
    conditionError: `${id}-condition-error`,
    consensus: `${id}-consensus`,
    consensusHelp: `${id}-consensus-help`,
    consensusError: `${id}-consensus-error`,
    context: `${id}-context`,
    contextHelp: `${id}-context-help`,
    contextError: `${id}-context-error`,
  };

  const loadExample = (nextId: string) => {
    setExampleId(nextId);
    setCaseIndex(0);
    const next = findExample(nextId || undefined);
    if (!next) return;
    setCondition(next.policy.condition ?? '');
    setConsensus(next.policy.consensus ?? '');
    setEffect(next.policy.effect);
    setContextText(contextToText(next.cases[0]?.request ?? {}));
  };

  const loadCase = (index: number) => {
    setCaseIndex(index);
    const request = example?.cases[index]?.request;
    if (request) setContextText(contextToText(request));
  };

  const describedBy = (...parts: (string | false)[]) => parts.filter(Boolean).join(' ');
  const conditionErrors = display.diagnostics.condition;
  const consensusErrors = display.diagnostics.consensus;

  return (
    <section className={styles.playground} aria-label="Policy playground">
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={ids.example}>Start from an example</label>
          <select id={ids.example} value={exampleId} onChange={(e) => loadExample(e.target.value)}>
            <option value="">(your own policy)</option>
            {GROUPS.map((group) => (
              <optgroup key={group} label={group}>
                {POLICY_EXAMPLES.filter((e) => e.group === group).map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.title}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        {example && example.cases.length > 0 && (
          <div className={styles.field}>
            <label htmlFor={ids.sample}>Sample request</label>
            <select id={ids.sample} value={caseIndex} onChange={(e) => loadCase(Number(e.target.value))}>
              {example.cases.map((c, i) => (
                <option key={c.name} value={i}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>

      <fieldset className={styles.effect}>
        <legend>Effect</legend>
        {(['EFFECT_ALLOW', 'EFFECT_DENY'] as const).map((value) => (
          <label key={value} className={styles.radio}>
            <input type="radio" name={`${id}-effect`} value={value} checked={effect === value} onChange={() => setEffect(value)} />
            <code>{value}</code>
          </label>
        ))}
      </fieldset>

      <ExpressionField
        id={ids.condition}
        helpId={ids.conditionHelp}
        errorId={ids.conditionError}
        label="Condition"
        help="When the policy applies. Leave empty to apply to every request."
        rows={3}
        value={condition}
        onChange={setCondition}
        source={input.condition}
        diagnostics={conditionErrors}
      />

      <ExpressionField
        id={ids.consensus}
        helpId={ids.consensusHelp}
        errorId={ids.consensusError}
        label="Consensus"
        help={
          <>
            Which approvals the activity needs, e.g. <code>approvers.count() &gt;= 2</code>. Leave empty for none.
          </>
        }
        rows={2}
        value={consensus}
        onChange={setConsensus}
        source={input.consensus}
        diagnostics={consensusErrors}
      />

      <div className={styles.field}>
        <label htmlFor={ids.context}>Request context (JSON)</label>
        <p id={ids.contextHelp} className={styles.help}>
          The activity, its transaction and who approved so far. Give wei amounts as strings, e.g.{' '}
          <code>"value": "1000000000000000000"</code>.
        </p>
        <textarea
          id={ids.context}
          className={styles.code}
          rows={12}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          value={contextText}
          onChange={(e) => setContextText(e.target.value)}
          aria-invalid={display.contextError !== undefined}
          aria-describedby={describedBy(ids.contextHelp, display.contextError !== undefined && ids.contextError)}
        />
        {display.contextError && (
          <p role="alert" id={ids.contextError} className={styles.errorMessage}>
            {display.contextError.line !== undefined && `Line ${display.contextError.line}:${display.contextError.column}: `}
            {display.contextError.message}
          </p>
        )}
      </div>

      <div className={clsx(styles.verdict, STATUS_CLASS[display.status])} aria-live="polite" aria-atomic="true">
        <p className={styles.verdictLabel}>
          Verdict: <strong>{display.label}</strong>
          {display.status !== 'INVALID' && <code className={styles.outcome}>{display.status}</code>}
        </p>
        <p className={styles.reason}>{display.reason}</p>
        {expected && display.status !== 'INVALID' && (
          <p className={styles.expected}>
            The example expects <code>{expected}</code>
            {expected === display.status ? ' — matches.' : ' — the current verdict differs.'}
          </p>
        )}
      </div>
    </section>
  );
}
