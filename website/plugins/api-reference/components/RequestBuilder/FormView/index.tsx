import {useEffect, useState, type ReactNode} from 'react';
import {controlKind, defaultValue, getAt, numberFromInput, pathLabel, removeAt, resolve, setAt, type FormSchema, type JsonPath, type RootSchema} from '../form';
import styles from './styles.module.css';

export interface FormViewProps {
  /** The request schema, as the operation's validator carries it. */
  root: RootSchema;
  /** The parsed body. */
  value: unknown;
  onChange: (next: unknown) => void;
  /** Prefix for control ids (one builder may share the page with others). */
  idPrefix: string;
  /** Paths (as `pathLabel` writes them) the schema check found problems at. */
  invalidPaths: ReadonlySet<string>;
}

interface Context extends Omit<FormViewProps, 'value'> {
  body: unknown;
}

function controlId(ctx: Context, path: JsonPath): string {
  return `${ctx.idPrefix}-form-${pathLabel(path).replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function Label({ctx, path, required}: {ctx: Context; path: JsonPath; required: boolean}): ReactNode {
  return (
    <label htmlFor={controlId(ctx, path)} className={styles.label}>
      <code>{pathLabel(path)}</code>
      {required && <span className={styles.required}> required</span>}
    </label>
  );
}

/** Free-form JSON (an object without declared fields): edited as text, applied when it parses. */
function JsonField({ctx, path, value}: {ctx: Context; path: JsonPath; value: unknown}): ReactNode {
  const text = JSON.stringify(value ?? null, null, 2);
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string>();
  // The JSON view may change this value: follow it unless the reader is mid-edit on invalid text.
  useEffect(() => {
    if (!error) setDraft(text);
  }, [text, error]);
  const id = controlId(ctx, path);
  return (
    <>
      <textarea
        id={id}
        className={styles.input}
        value={draft}
        rows={Math.min(8, draft.split('\n').length + 1)}
        spellCheck={false}
        aria-invalid={Boolean(error) || ctx.invalidPaths.has(pathLabel(path))}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          try {
            ctx.onChange(setAt(ctx.body, path, JSON.parse(event.target.value) as unknown));
            setError(undefined);
          } catch (parseError) {
            setError(`Not valid JSON: ${(parseError as Error).message}`);
          }
        }}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}

function Scalar({ctx, path, schema, value}: {ctx: Context; path: JsonPath; schema: FormSchema; value: unknown}): ReactNode {
  const id = controlId(ctx, path);
  const invalid = ctx.invalidPaths.has(pathLabel(path));
  const set = (next: unknown): void => ctx.onChange(setAt(ctx.body, path, next));
  switch (controlKind(schema)) {
    case 'const':
      return <input id={id} className={styles.input} value={String(schema.const)} readOnly />;
    case 'enum': {
      const options = schema.enum ?? [];
      const current = JSON.stringify(value);
      const known = options.some((option) => JSON.stringify(option) === current);
      return (
        <select id={id} className={styles.input} value={current} aria-invalid={invalid} onChange={(event) => set(JSON.parse(event.target.value) as unknown)}>
          {!known && <option value={current}>{value === undefined ? '(none)' : `${String(value)} (not allowed)`}</option>}
          {options.map((option) => (
            <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      );
    }
    case 'boolean':
      return <input id={id} type="checkbox" className={styles.checkbox} checked={value === true} aria-invalid={invalid} onChange={(event) => set(event.target.checked)} />;
    case 'number':
      return (
        <input
          id={id}
          className={styles.input}
          inputMode="decimal"
          value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
          aria-invalid={invalid}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => set(numberFromInput(event.target.value))}
        />
      );
    case 'string':
      return (
        <input
          id={id}
          className={styles.input}
          value={typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)}
          aria-invalid={invalid}
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => set(event.target.value)}
        />
      );
    default:
      return <JsonField ctx={ctx} path={path} value={value} />;
  }
}

function ObjectFields({ctx, path, schema, value}: {ctx: Context; path: JsonPath; schema: FormSchema; value: unknown}): ReactNode {
  const object = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const names = Object.keys(properties);
  // Required fields first, in the document's order, then the optional ones the body has.
  const shown = [...names.filter((n) => required.has(n)), ...names.filter((n) => !required.has(n) && n in object)];
  const addable = names.filter((n) => !required.has(n) && !(n in object));
  const unknown = Object.keys(object).filter((n) => !(n in properties));
  return (
    <div className={styles.fields}>
      {shown.map((name) => (
        <Field key={name} ctx={ctx} path={[...path, name]} schema={properties[name]!} value={object[name]} required={required.has(name)} />
      ))}
      {unknown.map((name) => (
        <div key={name} className={styles.unknown}>
          <p className={styles.error}>
            <code>{pathLabel([...path, name])}</code> is an unknown field (no field of that name here).
          </p>
          <button type="button" className="button button--secondary button--sm" onClick={() => ctx.onChange(removeAt(ctx.body, [...path, name]))}>
            Remove {pathLabel([...path, name])}
          </button>
        </div>
      ))}
      {addable.length > 0 && (
        <div className={styles.add} role="group" aria-label={`Optional fields of ${pathLabel(path) || 'the body'}`}>
          {addable.map((name) => (
            <button
              key={name}
              type="button"
              className="button button--outline button--secondary button--sm"
              aria-label={`Add ${pathLabel([...path, name])}`}
              onClick={() => ctx.onChange(setAt(ctx.body, [...path, name], defaultValue(ctx.root, properties[name]!)))}>
              + {name}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function ArrayItems({ctx, path, schema, value}: {ctx: Context; path: JsonPath; schema: FormSchema; value: unknown}): ReactNode {
  const items = Array.isArray(value) ? value : [];
  const itemSchema = schema.items ?? {};
  return (
    <div className={styles.fields}>
      {items.map((item, index) => (
        // Items have no identity but their place: the index is the key, as the path is.
        <div key={index} className={styles.item}>
          <Field ctx={ctx} path={[...path, index]} schema={itemSchema} value={item} required={false} removable />
        </div>
      ))}
      <div className={styles.add}>
        <button
          type="button"
          className="button button--outline button--secondary button--sm"
          aria-label={`Add an item to ${pathLabel(path)}`}
          onClick={() => ctx.onChange(setAt(ctx.body, [...path, items.length], defaultValue(ctx.root, itemSchema)))}>
          + item
        </button>
      </div>
    </div>
  );
}

function RemoveButton({ctx, path}: {ctx: Context; path: JsonPath}): ReactNode {
  return (
    <button type="button" className={`button button--link button--sm ${styles.remove}`} aria-label={`Remove ${pathLabel(path)}`} onClick={() => ctx.onChange(removeAt(ctx.body, path))}>
      Remove
    </button>
  );
}

function Field({ctx, path, schema: raw, value, required, removable = !required}: {ctx: Context; path: JsonPath; schema: FormSchema; value: unknown; required: boolean; removable?: boolean}): ReactNode {
  const schema = resolve(ctx.root, raw);
  const kind = controlKind(schema);
  if (kind === 'object' || kind === 'array') {
    // Nested objects and arrays fold; they start open so the whole body is in view.
    return (
      <details open className={styles.group}>
        <summary className={styles.summary}>
          <code>{pathLabel(path)}</code>
          {required && <span className={styles.required}> required</span>}
          <span className={styles.kind}> {kind === 'array' ? `list of ${Array.isArray(value) ? value.length : 0}` : 'object'}</span>
        </summary>
        {removable && <RemoveButton ctx={ctx} path={path} />}
        {kind === 'object' ? <ObjectFields ctx={ctx} path={path} schema={schema} value={value} /> : <ArrayItems ctx={ctx} path={path} schema={schema} value={value} />}
      </details>
    );
  }
  return (
    <div className={styles.field}>
      <Label ctx={ctx} path={path} required={required} />
      <div className={styles.control}>
        <Scalar ctx={ctx} path={path} schema={schema} value={value} />
        {removable && <RemoveButton ctx={ctx} path={path} />}
      </div>
    </div>
  );
}

/** The body as a form drawn from the request schema; every edit writes the JSON, and the JSON view's edits show here. */
export default function FormView({value, ...props}: FormViewProps): ReactNode {
  const ctx: Context = {...props, body: value};
  const rootSchema = resolve(props.root, props.root);
  if (controlKind(rootSchema) !== 'object' || !value || typeof value !== 'object' || Array.isArray(value)) {
    return <p className={styles.error}>The form needs the body to be a JSON object: edit it as JSON.</p>;
  }
  return (
    <div className={styles.form} data-testid="builder-form">
      <ObjectFields ctx={ctx} path={[]} schema={rootSchema} value={value} />
    </div>
  );
}
