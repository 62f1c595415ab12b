import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import ErrorCodes from './index';

interface XErrorCode {
  code: number;
  name: string;
  httpStatus: number;
  retryable: boolean;
  submissionRetryable: boolean;
  description: string;
}

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve('@sigil/api-spec/openapi.json'), 'utf8')) as {
  'x-error-codes': XErrorCode[];
};
const documentCodes = spec['x-error-codes'];

function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");
}

describe('ErrorCodes', () => {
  const html = renderToStaticMarkup(<ErrorCodes />);
  const rows = [...html.matchAll(/<tr data-error-code="(\d+)">([\s\S]*?)<\/tr>/g)].map(([, code, row]) => ({
    code: Number(code),
    cells: [...row!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell]) => text(cell!)),
  }));

  it('renders every x-error-codes entry of the document, in order', () => {
    expect(documentCodes.length).toBe(16);
    expect(rows.map((r) => r.code)).toEqual(documentCodes.map((c) => c.code));
  });

  it('shows the name, HTTP status, retry advice and meaning of each code', () => {
    for (const [i, entry] of documentCodes.entries()) {
      const [code, name, httpStatus, retry, meaning] = rows[i]!.cells;
      expect(code).toBe(String(entry.code));
      expect(name).toBe(entry.name);
      expect(httpStatus).toBe(String(entry.httpStatus));
      expect(retry).toBe(entry.retryable ? (entry.submissionRetryable ? 'Yes' : 'Queries; check before resubmitting') : 'No');
      expect(meaning).toBe(entry.description.replace(/`/g, ''));
    }
  });

  it('tells queries from submissions for DEADLINE_EXCEEDED, whose activity may exist', () => {
    expect(rows.find((r) => r.code === 4)!.cells[3]).toBe('Queries; check before resubmitting');
    expect(rows.find((r) => r.code === 14)!.cells[3]).toBe('Yes');
  });
});
