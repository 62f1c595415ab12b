import {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import {timestampLimits} from '@generated/sigil-api-validators/index.js';
import FormView from '../FormView';
import {useNow} from '../hooks/useNow';
import {useValidator} from '../hooks/useValidator';
import {checkTimestamp, describeDuration, describeErrors, withTimestamp, type FieldProblem, type OperationKind, type ParsedBody} from '../logic';
import shared from '../styles.module.css';
import styles from './styles.module.css';

interface Props {
  /** The builder's id prefix: the editor's ids are `${id}-body`, `${id}-status`, `${id}-view`. */
  id: string;
  operationId: string;
  kind: OperationKind;
  text: string;
  onTextChange: (text: string) => void;
  parsed: ParsedBody;
}

/**
 * The body as JSON text or as a form drawn from the request schema, checked against the operation's
 * validator as the reader types, with the stale-timestamp warning of submissions.
 */
export default function BodyEditor({id, operationId, kind, text, onTextChange, parsed}: Props): ReactNode {
  const [view, setView] = useState<'json' | 'form'>('json');
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const {validate, failed} = useValidator(operationId);
  const now = useNow(kind === 'submission', 15_000);

  useEffect(() => {
    bodyRef.current?.focus();
  }, []);

  const problems: FieldProblem[] = useMemo(() => {
    if (!parsed.ok || !validate) return [];
    return validate(parsed.value) ? [] : describeErrors(validate.errors ?? []);
  }, [parsed, validate]);
  const invalidPaths = useMemo(() => new Set(problems.map((p) => p.path)), [problems]);
  const timestamp = kind === 'submission' && parsed.ok ? checkTimestamp(parsed.value, now, timestampLimits) : ({state: 'absent'} as const);
  const refreshTimestamp = (): void => {
    const next = withTimestamp(text, Date.now());
    if (next) onTextChange(next);
  };
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
    <div className={shared.field}>
      <fieldset className={styles.inlineChoices}>
        <legend>Edit the body as</legend>
        {(['json', 'form'] as const).map((option) => (
          <label key={option} className={shared.choice}>
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
            onChange={(event) => onTextChange(event.target.value)}
            rows={Math.min(24, text.split('\n').length + 1)}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            aria-invalid={!parsed.ok || problems.length > 0}
            aria-describedby={`${id}-status`}
          />
        </>
      ) : !parsed.ok ? (
        <p className={shared.problemText}>The form shows a body that is valid JSON: fix it in the JSON view first.</p>
      ) : !validate?.schema ? (
        <p role="status">{failed ?? 'Loading the request schema…'}</p>
      ) : (
        <section aria-label="Request body (form)" aria-describedby={`${id}-status`}>
          <FormView
            root={validate.schema}
            value={parsed.value}
            onChange={(next) => onTextChange(JSON.stringify(next, null, 2))}
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
        <p aria-live="polite" className={problems.length > 0 || !parsed.ok ? shared.problemText : styles.okText}>
          {statusText}
        </p>
        {!parsed.ok && <p className={shared.problemText}>{parsed.error}</p>}
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
  );
}
