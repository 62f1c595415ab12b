import { describe, expect, it } from 'vitest';
import { SigilActivityError } from './index.js';

describe('SigilActivityError', () => {
  it('names the activity, its type, the outcome and the failure message', () => {
    const error = new SigilActivityError('FAILED', {
      id: 'act-1',
      status: 'ACTIVITY_STATUS_FAILED',
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD',
      failure: { message: 'policy denied' },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('SigilActivityError');
    expect(error.outcome).toBe('FAILED');
    expect(error.activity.id).toBe('act-1');
    expect(error.message).toBe('Sigil activity act-1 (ACTIVITY_TYPE_SIGN_RAW_PAYLOAD) ended FAILED: policy denied');
  });

  it('reads without a type or a failure, as while approvals are due', () => {
    const error = new SigilActivityError('CONSENSUS_NEEDED', { id: 'act-2', status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED' });
    expect(error.message).toBe('Sigil activity act-2 ended CONSENSUS_NEEDED');
  });
});
