import { describe, expect, it } from 'vitest';
import { WebauthnStamper } from './index.js';

describe('WebauthnStamper outside a browser', () => {
  it('applies defaults', () => {
    const stamper = new WebauthnStamper({ rpId: 'example.com' });
    expect(stamper.timeout).toBe(60_000);
    expect(stamper.userVerification).toBe('preferred');
    expect(stamper.allowCredentials).toBeUndefined();
  });

  it('fails with a clear message when WebAuthn is unavailable', async () => {
    await expect(new WebauthnStamper({ rpId: 'example.com' }).stamp('{}')).rejects.toThrow(/navigator\.credentials/);
  });
});
