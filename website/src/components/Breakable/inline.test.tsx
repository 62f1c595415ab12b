import {describe, expect, it} from 'vitest';
import {isInlineWithBreaks} from './inline';

describe('isInlineWithBreaks', () => {
  it('is true for one line of text and <wbr> elements', () => {
    expect(isInlineWithBreaks(['policy', <wbr key="1" />, 'Name'])).toBe(true);
  });

  it('is false for plain text, multi-line code and other elements', () => {
    expect(isInlineWithBreaks('policyName')).toBe(false);
    expect(isInlineWithBreaks(['a', <wbr key="1" />, 'b\nc'])).toBe(false);
    expect(isInlineWithBreaks(['a', <span key="1" />, 'b'])).toBe(false);
  });
});
