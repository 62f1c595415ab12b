// How an API command prints its answer: `--json` prints the API's JSON as it came; the default is a table.
import { toTable } from '../format.js';

type Row = Record<string, unknown>;

const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const cell = (value: unknown): string => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/** Rows as aligned columns; only the fields that are plain values in every row (IDs, names, states). */
export function toColumns(rows: Row[]): string {
  const columns: string[] = [];
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) if (!columns.includes(key) && isScalar(value)) columns.push(key);
  }
  const shown = columns.filter((key) => rows.every((row) => row[key] === undefined || isScalar(row[key])));
  const widths = shown.map((key) => Math.max(key.length, ...rows.map((row) => cell(row[key]).length)));
  const line = (values: string[]): string => values.map((value, i) => value.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(shown), ...rows.map((row) => line(shown.map((key) => cell(row[key]))))].join('\n');
}

const isRecord = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A query's answer: a list of records (`{"wallets": [...]}`) as columns, one record (`{"wallet": {...}}`)
 * or anything else as a FIELD/VALUE table of dotted paths.
 */
export function formatQueryResult(answer: unknown): string {
  if (isRecord(answer)) {
    const entries = Object.entries(answer);
    if (entries.length === 1 && isRecord(entries[0]![1])) return toTable(entries[0]![1]);
    const lists = entries.filter(([, value]) => Array.isArray(value) && value.every((item) => item && typeof item === 'object' && !Array.isArray(item)));
    if (lists.length === 1 && entries.every(([, value]) => Array.isArray(value) || isScalar(value))) {
      const [name, rows] = lists[0]!;
      if ((rows as Row[]).length === 0) return `No ${name}.`;
      return toColumns(rows as Row[]);
    }
  }
  return toTable(answer);
}

interface ActivityView {
  id?: string;
  type?: string;
  status?: string;
  result?: Record<string, unknown>;
  failure?: unknown;
}

/** A submission's activity: its ID, type and state, then what it produced. */
export function formatActivity(activity: ActivityView): string {
  const result = Object.values(activity.result ?? {})[0];
  const summary: Row = { activityId: activity.id, type: activity.type, status: activity.status };
  if (activity.failure !== undefined) summary.failure = activity.failure;
  if (result !== undefined) summary.result = result;
  return toTable(summary);
}
