import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCatalog, sortQueriesFirst } from '../scripts/catalog.mjs';
import { ERROR_CODE, ERROR_CODES, OPERATIONS } from './index.js';
import { loadDoc } from './spec-fixture.test-util.js';

const committed = JSON.parse(readFileSync(new URL('../catalog.json', import.meta.url), 'utf8')) as ReturnType<typeof buildCatalog>;

describe('the operation catalog', () => {
  it('catalog.json is what the bundled document gives (run npm run build -w @sigil/api-spec and commit it)', () => {
    expect(committed).toEqual(buildCatalog(loadDoc()));
  });

  it('OPERATIONS, ERROR_CODES and ERROR_CODE are the catalog in TypeScript', () => {
    expect(OPERATIONS).toEqual(committed.operations);
    expect(ERROR_CODES).toEqual(committed.errorCodes);
    expect(ERROR_CODE).toEqual(Object.fromEntries(committed.errorCodes.map((entry) => [entry.name, entry.code])));
    expect(ERROR_CODE.PERMISSION_DENIED).toBe(7);
  });

  it('reads every rule from the document: kinds by path, session only for queries, intent and result keys', () => {
    for (const op of committed.operations) {
      expect(op.path, op.name).toBe(`/public/v1/${op.kind === 'query' ? 'query' : 'submit'}/${op.name}`);
      if (op.kind === 'submission') {
        expect(op.acceptsSession, op.name).toBe(false);
        expect(op.intentKey, op.name).toBe(op.intentSchema!.replace(/^./, (c) => c.toLowerCase()));
        expect(op.resultKey, op.name).toBe(op.resultSchema!.replace(/^./, (c) => c.toLowerCase()));
      } else {
        expect([op.activityType, op.intentKey, op.resultKey], op.name).toEqual([null, null, null]);
      }
    }
    expect(committed.operations.filter((op) => op.acceptsSession).length).toBe(committed.operations.filter((op) => op.kind === 'query').length);
  });

  it('refuses a document it cannot represent, naming the operation', () => {
    const broken = (change: (doc: any) => void) => { // eslint-disable-line @typescript-eslint/no-explicit-any -- a test edits the raw JSON
      const doc = structuredClone(loadDoc()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
      change(doc);
      return () => buildCatalog(doc);
    };
    expect(broken((doc) => { doc.paths['/public/v1/query/whoami'].post['x-sigil-kind'] = 'submission'; })).toThrow(/whoami: x-sigil-kind submission contradicts the path/);
    expect(broken((doc) => { delete doc.paths['/public/v1/submit/create_wallet'].post['x-sigil-intent']; })).toThrow(/create_wallet: submission needs x-sigil-intent/);
    expect(broken((doc) => { doc.paths['/public/v1/submit/create_wallet'].post.security = [{ ReadOnlySession: [] }]; })).toThrow(/create_wallet: a submission cannot accept X-Session/);
    expect(broken((doc) => { doc.paths['/public/v1/query/whoami'].post.operationId = 'getActivity'; })).toThrow(/also used by/);
    expect(broken((doc) => { doc['x-error-codes'][1].retryable = 'yes'; })).toThrow(/x-error-codes: code 2 needs boolean/);
  });

  it('sorts queries before submissions for the SDK generators', () => {
    const sorted = sortQueriesFirst(committed.operations);
    const firstSubmission = sorted.findIndex((op) => op.kind === 'submission');
    expect(sorted.slice(0, firstSubmission).every((op) => op.kind === 'query')).toBe(true);
    expect(sorted.slice(firstSubmission).every((op) => op.kind === 'submission')).toBe(true);
  });
});
