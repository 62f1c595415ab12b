// The statement detector: what it finds, what it leaves alone, and what backs a statement.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backing, documentFacts, sentencesOf, statementsOf } from './statements.mjs';

const openapi = JSON.parse(readFileSync(new URL('../../packages/api-spec/dist/openapi.json', import.meta.url), 'utf8'));
const document = documentFacts(openapi);
const rules = new Map([
  ['policy.deny-wins', { codes: [7] }],
  ['request.rate-limit', { codes: [8] }],
]);
const kinds = (sentence: string, options = {}) => statementsOf(sentence, document.codeNames, options).map((s: { kind: string }) => s.kind);
const backedBy = (sentence: string, context = '') =>
  statementsOf(sentence, document.codeNames).map((statement: object) => backing(statement, sentence, { rules, document, context }).by);

describe('sentencesOf', () => {
  it('skips front matter, code, imports, headings and multi-line JSX, and keeps each table row apart', () => {
    const page = [
      '---',
      'title: code 7 here is front matter',
      '---',
      "import X from '@site/x';",
      '## A heading with code 7',
      '```ts',
      '// code 7 in code',
      '```',
      '<Cards',
      "  items={[{summary: 'only root users can approve'}]}",
      '/>',
      'First sentence. Second one',
      'continues here.',
      '',
      '| a | b |',
      '| --- | --- |',
      '| row one | x |',
    ].join('\n');
    expect(sentencesOf(page).map((s: { line: number; text: string }) => [s.line, s.text])).toEqual([
      [12, 'First sentence.'],
      [12, 'Second one continues here.'],
      [15, '| a | b |'],
      [17, '| row one | x |'],
    ]);
  });

  it("gives a table row the paragraph before the table as its context", () => {
    const rows = sentencesOf('What [`email_auth`](/api/authentication/email-auth) answers:\n\n| Code `9` | off |\n');
    expect(rows[1]).toMatchObject({ text: '| Code `9` | off |', context: 'What [`email_auth`](/api/authentication/email-auth) answers:' });
  });
});

describe('statementsOf', () => {
  it('finds codes by number and by name, permissions, policy order, defaults and limits', () => {
    expect(kinds('A denied request fails with code 7.')).toEqual(['code']);
    expect(kinds('It answers `PERMISSION_DENIED`.')).toEqual(['code']);
    expect(kinds('A parent cannot sign with its keys.')).toEqual(['permission']);
    expect(kinds("Only root users' votes count for the root quorum.")).toEqual(['permission']);
    expect(kinds('A deny wins over every allow.')).toEqual(['policy']);
    expect(kinds('A session key expires after 900 seconds by default.')).toEqual(['default']);
    expect(kinds('An organization holds at most 100 policies.')).toEqual(['limit']);
  });

  it('leaves alone exit codes, transport codes, retry lists, crypto properties, link lists and amounts', () => {
    expect(kinds('The command ends with exit code 1.')).toEqual([]);
    expect(kinds('A timeout is `DEADLINE_EXCEEDED` (`4`).')).toEqual([]);
    expect(kinds('`retryable?` is true for codes `4`, `8`, `10` and `14`.')).toEqual([]);
    expect(kinds('A look-alike site cannot use it.')).toEqual([]);
    expect(kinds('A link opened on another device cannot sign the user in.')).toEqual([]);
    expect(kinds('- [Errors](/api-overview/errors): what code `16` means.')).toEqual([]);
    expect(kinds('A policy that lets one wallet send at most 1 ETH to two addresses.')).toEqual([]);
    expect(kinds('See [only the signing server may sign](/concepts/policies/examples#pinned-api-key).')).toEqual([]);
  });

  it("counts only Sigil's answers on a library's page, not the library's defaults", () => {
    expect(kinds('`timeoutMs` defaults to 30000 for each attempt of a request.', { libraryPage: true })).toEqual([]);
    expect(kinds('Code `7` (`PERMISSION_DENIED`) means no policy allows the call.', { libraryPage: true })).toEqual(['code']);
  });
});

describe('backing', () => {
  it('takes a cited rule only when it lists the stated code, and refuses an unknown rule', () => {
    expect(backedBy('A deny refuses it with code 7 ([policy.deny-wins](/reference/behavior-rules#policy.deny-wins)).')).toEqual(['rule']);
    expect(backedBy('Too fast answers code 9 ([policy.deny-wins](/reference/behavior-rules#policy.deny-wins)).')).toEqual([null]);
    expect(backedBy('A deny wins ([x](/reference/behavior-rules#policy.no-such-rule)).')).toEqual([null]);
  });

  it("takes a code the named operation's x-errors list, in the sentence or the table's introduction", () => {
    expect(backedBy('[`approve_activity`](/api/activities/approve-activity) answers code 9 when the caller submitted the activity.')).toEqual(['document']);
    expect(backedBy('[`whoami`](/api/sessions/whoami) answers code 9 when asked twice.')).toEqual([null]);
    expect(backedBy('| Code `9` (`FAILED_PRECONDITION`) | the feature is off |', 'What [`email_auth`](/api/authentication/email-auth) answers:')).toEqual(['document']);
  });

  it('takes a limit or default whose number is the x-limits value of the thing it names, or a schema default', () => {
    expect(backedBy('An organization holds at most 100 policies.')).toEqual(['document']);
    expect(backedBy('An organization holds at most 7 policies.')).toEqual([null]);
    expect(backedBy('`language` defaults to `MNEMONIC_LANGUAGE_ENGLISH` in each export of a wallet.')).toEqual(['document']);
  });
});
