// The conformance harness: every request example of the API document is sent to the emulator after
// the setup it needs, and the answer is validated against the operation's response schema for the
// status it came with. Each operation ends conformant or in the explicit list of part-2 operations,
// which answer UNIMPLEMENTED naming themselves.
import { afterAll, describe, expect, it } from 'vitest';
import { DOC_OPERATIONS, KNOWN_FORMATS, formatsUsed, operationNamed, responseErrors, statusProblems } from './harness.test-util.js';
import { runOperation, type Outcome } from './run-example.test-util.js';
import { SETUP, UNIMPLEMENTED } from './setup-table.test-util.js';

const outcomes = new Map<string, Outcome>();

describe('conformance: every request example of the API document', () => {
  it('uses only formats the harness validates', () => {
    expect([...formatsUsed()].filter((format) => !(format in KNOWN_FORMATS))).toEqual([]);
  });

  it('refuses broken answers, so that a pass means something', () => {
    const whoami = operationNamed('whoami');
    expect(responseErrors(whoami, 200, { organizationId: 'not-a-uuid', organizationName: 'o', userId: 'u' })).not.toEqual([]);
    expect(statusProblems(400, { code: 5, message: 'missing', details: [] })).toEqual(['code 5 answered with HTTP 400, x-error-codes says 404']);
    expect(statusProblems(404, { code: 5, message: ' ', details: [] })).toEqual(['empty message']);
    expect(statusProblems(404, { code: 5, message: 'missing', details: [] })).toEqual([]);
  });

  it('has a setup for every operation that is not in the unimplemented list, and no other', () => {
    const names = DOC_OPERATIONS.map((operation) => operation.name).sort();
    expect(names).toHaveLength(75);
    expect([...Object.keys(SETUP), ...UNIMPLEMENTED].sort()).toEqual(names);
  });

  for (const operation of DOC_OPERATIONS) {
    it(`${operation.name}: its example answers as the document says`, async () => {
      expect(operation.examples.length).toBeGreaterThan(0);
      const outcome = await runOperation(operation);
      outcomes.set(operation.name, outcome);
      expect(outcome.kind === 'failed' ? outcome.why : outcome.kind).toBe(SETUP[operation.name] ? 'conformant' : 'unimplemented');
    });
  }

  it('classifies every operation: conformant, or UNIMPLEMENTED and listed (the list shrinks only on purpose)', () => {
    const conformant = DOC_OPERATIONS.filter((operation) => outcomes.get(operation.name)?.kind === 'conformant').map((operation) => operation.name);
    const unimplemented = DOC_OPERATIONS.filter((operation) => outcomes.get(operation.name)?.kind === 'unimplemented').map((operation) => operation.name);
    expect(unimplemented.sort()).toEqual([...UNIMPLEMENTED].sort());
    expect(conformant.length + unimplemented.length).toBe(DOC_OPERATIONS.length);
  });

  afterAll(() => {
    const rows = DOC_OPERATIONS.map((operation) => {
      const outcome = outcomes.get(operation.name);
      const label = !outcome ? 'not run' : outcome.kind === 'failed' ? `FAILED: ${outcome.why.slice(0, 160)}` : outcome.kind;
      const note = outcome?.kind === 'conformant' && outcome.adapted ? ` (adapted: ${outcome.adapted})` : '';
      return `  ${operation.name.padEnd(28)} ${label}${note}`;
    });
    const count = (kind: Outcome['kind']) => [...outcomes.values()].filter((outcome) => outcome.kind === kind).length;
    const unimplemented = [...outcomes].filter(([, outcome]) => outcome.kind === 'unimplemented').map(([name]) => name);
    console.log(
      [
        `conformance summary: conformant ${count('conformant')}, unimplemented ${count('unimplemented')}, failed ${count('failed')} (of ${DOC_OPERATIONS.length})`,
        ...rows,
        `unimplemented: ${unimplemented.join(', ')}`,
      ].join('\n'),
    );
  });
});
