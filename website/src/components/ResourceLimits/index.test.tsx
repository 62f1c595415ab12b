import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import ResourceLimits from './index';
import {formatLimitValue} from './format';

interface XLimit {
  id: string;
  name: string;
  value: number | number[];
  unit: string;
  appliesTo: string[];
  description: string;
}

// Read the bundled document itself, not the package's LIMITS export, so the test would catch a
// component that drifted from the document even if the export were stale.
const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@sigil/api-spec/openapi.json'), 'utf8')) as {
  'x-limits': XLimit[];
};
const documentLimits = spec['x-limits'];

function decode(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

/** Each body row as [limit id, cell texts]. */
function renderedRows(): Array<{id: string; cells: string[]}> {
  const html = renderToStaticMarkup(<ResourceLimits />);
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr data-limit-id="([^"]+)">([\s\S]*?)<\/tr>/g)].map(([, id, row]) => ({
    id: id!,
    cells: [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => decode(cell!)),
  }));
}

describe('ResourceLimits', () => {
  const rows = renderedRows();

  it('renders one row per x-limits entry, in document order', () => {
    expect(documentLimits.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).toEqual(documentLimits.map((l) => l.id));
  });

  it('shows each limit with the name, value, unit and description of the document', () => {
    for (const [i, limit] of documentLimits.entries()) {
      const [name, value, details] = rows[i]!.cells;
      expect(name).toBe(limit.name);
      expect(value).toBe(formatLimitValue(limit));
      // The displayed number is the document's number, whatever the formatting.
      const shown = value!.replace(/,/g, '').match(/\d+/g)!.map(Number);
      expect(shown).toEqual(Array.isArray(limit.value) ? limit.value : [limit.value]);
      expect(details).toBe(`${limit.description.replace(/`/g, '')}Applies to ${limit.appliesTo.join(', ')}.`);
    }
  });

  it('states the pagination bounds of the document', () => {
    const byId = new Map(rows.map((r) => [r.id, r.cells[1]]));
    expect(byId.get('pagination-limit-min')).toBe('1 item');
    expect(byId.get('pagination-limit-max')).toBe('100 items');
    expect(byId.get('pagination-limit-default')).toBe('10 items');
    expect(byId.get('mnemonic-length-allowed')).toBe('12, 15, 18, 21 or 24 words');
  });
});

describe('formatLimitValue', () => {
  it('writes one unit in the singular and lists allowed values', () => {
    expect(formatLimitValue({value: 1, unit: 'milliseconds'})).toBe('1 millisecond');
    expect(formatLimitValue({value: 1000000, unit: 'sub-organizations'})).toBe('1,000,000 sub-organizations');
    expect(formatLimitValue({value: [6], unit: 'digits'})).toBe('6 digits');
  });
});
