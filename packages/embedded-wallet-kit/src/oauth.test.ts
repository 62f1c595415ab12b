import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SigilKitError } from './errors.js';
import { oauthNonce } from './flows.js';
import { authorizationUrl } from './oauth.js';

const TARGET = `02${'ab'.repeat(32)}`;

describe('OpenID Connect sign-in', () => {
  it('binds the ID token to the target key: nonce = SHA-256 of the public key, lowercase hex', async () => {
    expect(await oauthNonce(TARGET)).toBe(createHash('sha256').update(TARGET).digest('hex'));
  });

  it("asks Google for an ID token carrying that nonce, back at the page's address", async () => {
    const nonce = await oauthNonce(TARGET);
    const url = new URL(authorizationUrl({ providerName: 'Google', clientId: '1234.apps.googleusercontent.com' }, nonce, 'https://app.example.com/login'));
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: '1234.apps.googleusercontent.com',
      response_type: 'id_token',
      redirect_uri: 'https://app.example.com/login',
      nonce,
    });
    expect(url.searchParams.get('scope')?.split(' ')).toContain('openid');
  });

  it('refuses a provider it has no sign-in page for, with the documented oauth error', () => {
    const attempt = () => authorizationUrl({ providerName: 'Example IdP', clientId: 'x' }, 'n', 'https://app.example.com/');
    expect(attempt).toThrow(SigilKitError);
    expect(attempt).toThrow('The kit has no sign-in page for Example IdP; supported: google');
  });
});
