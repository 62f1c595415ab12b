export type OutputFormat = 'json' | 'table';

function flatten(value: unknown, prefix: string, rows: Array<[string, string]>): void {
  if (Array.isArray(value)) {
    if (value.length === 0) rows.push([prefix, '[]']);
    value.forEach((item, index) => flatten(item, `${prefix}[${index}]`, rows));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) rows.push([prefix, '{}']);
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, rows);
  } else {
    rows.push([prefix, typeof value === 'string' ? value : JSON.stringify(value)]);
  }
}

/** Renders JSON as a two-column table of dotted paths and values. */
export function toTable(value: unknown): string {
  const rows: Array<[string, string]> = [];
  flatten(value, '', rows);
  const width = Math.max(4, ...rows.map(([key]) => key.length));
  return [`${'FIELD'.padEnd(width)}  VALUE`, ...rows.map(([key, v]) => `${key.padEnd(width)}  ${v}`)].join('\n');
}

export function formatResponse(value: unknown, format: OutputFormat): string {
  return format === 'table' ? toTable(value) : JSON.stringify(value, null, 2);
}
