// OpenID Connect sign-in in a popup (implicit flow, `response_type=id_token`): the provider redirects the popup back
// to this page's address with the ID token in the fragment, which the opener reads once the popup is same-origin again.
import { SigilKitError } from './errors.js';
import { oauthNonce } from './flows.js';

/** An OpenID Connect provider the user can sign in with. */
export interface OauthProvider {
  providerName: string;
  clientId: string;
}

// The providers whose authorization endpoint the kit knows; `oauth` accepts their ID tokens.
const AUTHORIZATION_ENDPOINTS: Record<string, string> = {
  google: 'https://accounts.google.com/o/oauth2/v2/auth',
};

const POPUP_TIMEOUT_MS = 5 * 60 * 1000;

export function authorizationUrl(provider: OauthProvider, nonce: string, redirectUri: string): string {
  const endpoint = AUTHORIZATION_ENDPOINTS[provider.providerName.toLowerCase()];
  if (!endpoint) {
    throw new SigilKitError('oauth', `The kit has no sign-in page for ${provider.providerName}; supported: ${Object.keys(AUTHORIZATION_ENDPOINTS).join(', ')}`);
  }
  const url = new URL(endpoint);
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    response_type: 'id_token',
    scope: 'openid email',
    redirect_uri: redirectUri,
    nonce,
    prompt: 'select_account',
  }).toString();
  return url.href;
}

/** Opens the provider's sign-in page in a popup and resolves with the ID token whose nonce binds `targetPublicKey`. */
export async function requestIdToken(provider: OauthProvider, targetPublicKey: string): Promise<string> {
  const nonce = await oauthNonce(targetPublicKey);
  const redirectUri = `${window.location.origin}${window.location.pathname}`;
  const popup = window.open(authorizationUrl(provider, nonce, redirectUri), 'sigil-kit-oauth', 'popup,width=480,height=640');
  if (!popup) throw new SigilKitError('oauth', 'The browser blocked the sign-in window; allow popups for this site');
  const started = Date.now();
  return new Promise<string>((resolve, reject) => {
    const timer = window.setInterval(() => {
      if (popup.closed) {
        window.clearInterval(timer);
        reject(new SigilKitError('oauth', `The ${provider.providerName} sign-in window was closed`));
        return;
      }
      if (Date.now() - started > POPUP_TIMEOUT_MS) {
        window.clearInterval(timer);
        popup.close();
        reject(new SigilKitError('oauth', `The ${provider.providerName} sign-in did not finish within 5 minutes`));
        return;
      }
      let hash: string;
      try {
        hash = popup.location.hash;
      } catch {
        return; // Still on the provider's origin.
      }
      const params = new URLSearchParams(hash.replace(/^#/, ''));
      const token = params.get('id_token');
      const failure = params.get('error');
      if (!token && !failure) return;
      window.clearInterval(timer);
      popup.close();
      if (token) resolve(token);
      else reject(new SigilKitError('oauth', `${provider.providerName} refused the sign-in: ${failure}`));
    }, 250);
  });
}
