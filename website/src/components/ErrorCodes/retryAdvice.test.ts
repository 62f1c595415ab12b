import {describe, expect, it} from 'vitest';
import {ERROR_CODES} from '@sigil/api-spec';
import {retryAdvice} from './retryAdvice';

describe('retryAdvice', () => {
  it('says No exactly for the codes the document marks not retryable', () => {
    for (const entry of ERROR_CODES) expect(retryAdvice(entry) === 'No', entry.name).toBe(!entry.retryable);
  });

  it('tells a retryable code a submission may have acted on apart from one it may simply resend', () => {
    expect(retryAdvice({retryable: true, submissionRetryable: true})).toBe('Yes');
    expect(retryAdvice({retryable: true, submissionRetryable: false})).toBe('Queries; check before resubmitting');
    const advice = new Set(ERROR_CODES.map(retryAdvice));
    expect([...advice].sort()).toEqual(['No', 'Queries; check before resubmitting', 'Yes']);
  });
});
