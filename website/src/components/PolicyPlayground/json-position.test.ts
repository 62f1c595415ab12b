import {describe, expect, test} from 'vitest';
import {jsonErrorOffset} from './json-position';

describe('jsonErrorOffset', () => {
  test.each([
    '{}',
    '[]',
    '{"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]}',
    ' {\n "nested": {"b": {}} } ',
  ])('valid: %s', (text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonErrorOffset(text)).toBeUndefined();
  });

  test.each([
    ['{"a": x}', 6],
    ['{"a": 1,}', 8],
    ['{"a" 1}', 5],
    ['[1 2]', 3],
    ['{"a": 1} extra', 9],
    ['{"a": "unterminated', 19],
    ['', 0],
    ['{"a": tru}', 9],
    ['{"a": 01}', 7],
  ])('invalid: %j at %i', (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorOffset(text)).toBe(offset);
  });
});
