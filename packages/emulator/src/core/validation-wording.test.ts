import { describe, expect, it } from 'vitest';
import { describeValidationError, validationErrorField, validationMessage } from './validation-wording.js';

describe('validation wording', () => {
  it('names nested, missing and unknown fields the way a reader writes them', () => {
    expect(validationErrorField({ instancePath: '/parameters/accounts/0/curve', keyword: 'enum', params: {} })).toBe('parameters.accounts[0].curve');
    expect(validationErrorField({ instancePath: '/parameters', keyword: 'required', params: { missingProperty: 'walletName' } })).toBe('parameters.walletName');
    expect(validationErrorField({ instancePath: '', keyword: 'additionalProperties', params: { additionalProperty: 'extra' } })).toBe('extra');
    expect(validationErrorField({ instancePath: '/a~1b/c~0d', keyword: 'type', params: {} })).toBe('a/b.c~d');
  });

  it('says what is wrong, falling back to the validator message', () => {
    expect(describeValidationError({ instancePath: '', keyword: 'enum', params: { allowedValues: ['A', 'B'] } })).toBe('must be one of A, B');
    expect(describeValidationError({ instancePath: '', keyword: 'const', params: { allowedValue: 'X' } })).toBe('must be X');
    expect(describeValidationError({ instancePath: '', keyword: 'minLength', message: 'must NOT have fewer than 1 characters', params: {} })).toBe(
      'must NOT have fewer than 1 characters',
    );
    expect(describeValidationError({ instancePath: '', keyword: 'type', params: {} })).toBe('is not valid');
  });

  it('words a body-level error as body', () => {
    expect(validationMessage({ instancePath: '', keyword: 'type', message: 'must be object', params: {} })).toEqual({ field: 'body', message: 'body: must be object' });
  });
});
