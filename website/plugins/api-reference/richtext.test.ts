import {describe, expect, it} from 'vitest';
import {firstSentence, parseMarkdown, plainText, toRichText} from './richtext';

const link = (code: string) =>
  code === 'get_activity' ? {kind: 'op' as const, route: '/api/activities/get-activity'} : code === 'Wallet' ? {kind: 'schema' as const, route: '/api/schemas/wallet'} : undefined;

describe('rich text', () => {
  it('keeps a single paragraph inline and links known names', () => {
    expect(toRichText('Poll `get_activity` for a **`Wallet`**; see `other`.', parseMarkdown, link)).toEqual([
      'Poll ',
      ['op', 'get_activity', '/api/activities/get-activity'],
      ' for a ',
      ['strong', [['schema', 'Wallet', '/api/schemas/wallet']]],
      '; see ',
      ['code', 'other'],
      '.',
    ]);
  });

  it('keeps block structure for several paragraphs and lists, and drops raw HTML', () => {
    const rich = toRichText('One.\n\n- a\n- b\n\n<script>x</script>', parseMarkdown, link);
    expect(rich).toEqual([['p', ['One.']], ['ul', [['li', ['a']], ['li', ['b']]]]]);
  });

  it('gives plain text and first sentences', () => {
    const rich = toRichText('Fetches one `Wallet` by ID. Returns it.', parseMarkdown, link);
    expect(plainText(rich)).toBe('Fetches one Wallet by ID. Returns it.');
    expect(firstSentence(plainText(rich))).toBe('Fetches one Wallet by ID.');
  });
});
