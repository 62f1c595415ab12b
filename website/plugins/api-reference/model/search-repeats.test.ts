import {describe, expect, it} from 'vitest';
import {loadModel} from '../test-helpers';
import type {FieldNode, OperationPageData} from '../types';
import {markSearchRepeats, REPEATED_ROW_PAGES} from './search-repeats';

const rowUnindexed = (f: FieldNode): boolean => f.unindexedRow === true;
const fieldsUnindexed = (f: FieldNode): boolean => f.unindexedFields === true;

/** The rows the search index keeps: a row's words count unless it or a table above it is left out. */
function indexedPaths(fields: readonly FieldNode[]): string[] {
  return fields.flatMap((f) => [...(rowUnindexed(f) ? [] : [f.path]), ...(f.children && !fieldsUnindexed(f) ? indexedPaths(f.children) : [])]);
}
const allPaths = (fields: readonly FieldNode[]): string[] => fields.flatMap((f) => [f.path, ...allPaths(f.children ?? [])]);
const byName = (name: string): OperationPageData => loadModel().operations.find((o) => o.name === name)!;
const field = (fields: readonly FieldNode[], path: string): FieldNode | undefined => {
  for (const f of fields) {
    if (f.path === path) return f;
    const inner = field(f.children ?? [], path);
    if (inner) return inner;
  }
  return undefined;
};

describe('rows left out of the search index on operation pages', () => {
  it('keeps what create_wallet is about and leaves out the envelope, the activity around it and the error body', () => {
    const page = byName('create_wallet');
    const request = indexedPaths(page.request.fields);
    expect(request).toEqual(expect.arrayContaining(['type', 'parameters', 'parameters.walletName', 'parameters.accounts', 'parameters.accounts.curve', 'parameters.mnemonicLength']));
    expect(request).not.toContain('timestampMs');
    expect(request).not.toContain('organizationId');
    const response = indexedPaths(page.response.fields);
    // The result is this call's own; the intent in the answer repeats the request's parameters.
    expect(response).toEqual(expect.arrayContaining(['response.activity.result.createWalletResult', 'response.activity.result.createWalletResult.walletId']));
    expect(response.filter((p) => p.startsWith('response.activity.intent.createWalletIntent.'))).toEqual([]);
    expect(response.filter((p) => p.startsWith('response.activity.votes'))).toEqual([]);
    expect(response).not.toContain('response.activity.status');
    expect(indexedPaths(page.error.fields)).toEqual([]);
    // Most rows of the page are shown but not indexed.
    const shown = [page.request, page.response, page.error].flatMap((b) => allPaths(b.fields)).length;
    const indexed = [page.request, page.response, page.error].flatMap((b) => indexedPaths(b.fields)).length;
    expect(indexed / shown).toBeLessThan(0.3);
  });

  it('keeps the rows of a query whose answer is its own (get_wallet), and every request field of an operation that is alone in using it', () => {
    const page = byName('get_wallet');
    expect(indexedPaths(page.response.fields)).toEqual(expect.arrayContaining(['response.wallet', 'response.wallet.walletId', 'response.wallet.walletName']));
    const said = ({children: _c, unindexedRow: _r, unindexedFields: _f, ...row}: FieldNode): string => JSON.stringify(row);
    for (const op of loadModel().operations) {
      for (const f of op.request.fields) {
        const twins = loadModel().operations.filter((o) => o.request.fields.some((g) => said(g) === said(f)));
        if (twins.length < REPEATED_ROW_PAGES) expect(rowUnindexed(f), `${op.name} ${f.path}`).toBe(false);
      }
    }
  });

  it('marks a row on REPEATED_ROW_PAGES pages and not one on fewer, and a nested table the page already listed', () => {
    const row = (path: string, description: string, children?: FieldNode[]): FieldNode => ({
      name: path.split('.').pop()!,
      path,
      type: {k: 'prim', name: 'string'},
      required: true,
      description: [description],
      ...(children ? {children} : {}),
    });
    const page = (id: string, extra: FieldNode[] = []): OperationPageData =>
      ({
        operationId: id,
        request: {fields: [row('shared', 'on every page'), row('own', `only ${id}`), ...extra]},
        response: {fields: []},
        error: {fields: []},
      }) as unknown as OperationPageData;
    const few = Array.from({length: REPEATED_ROW_PAGES - 1}, (_, i) => page(`op${i}`));
    markSearchRepeats(few);
    expect(few.every((p) => p.request.fields.every((f) => f.unindexedRow === undefined && f.unindexedFields === undefined))).toBe(true);

    const inner = (prefix: string): FieldNode[] => [row(`${prefix}.a`, 'a'), row(`${prefix}.b`, 'b')];
    const repeated = page('x', [row('first', 'holds a and b', inner('first')), row('again', 'holds them again', inner('again'))]);
    const many = [...Array.from({length: REPEATED_ROW_PAGES - 1}, (_, i) => page(`op${i}`)), repeated];
    markSearchRepeats(many);
    expect(rowUnindexed(field(repeated.request.fields, 'shared')!)).toBe(true);
    expect(rowUnindexed(field(repeated.request.fields, 'own')!)).toBe(false);
    expect(fieldsUnindexed(field(repeated.request.fields, 'first')!)).toBe(false);
    expect(fieldsUnindexed(field(repeated.request.fields, 'again')!)).toBe(true);
    expect(rowUnindexed(field(repeated.request.fields, 'again')!)).toBe(false);
    expect(indexedPaths(repeated.request.fields)).toEqual(['own', 'first', 'first.a', 'first.b', 'again']);
  });
});
