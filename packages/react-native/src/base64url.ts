import { base64urlToBytes, bytesToBase64url } from '@sigil/webauthn-stamper';

export { base64urlToBytes, bytesToBase64url };

/**
 * The native modules hand back WebAuthn's binary fields as base64url on iOS and Android alike, but some
 * versions use standard base64 with padding: both become the base64url without padding Sigil takes.
 */
export function toBase64url(value: string): string {
  return value.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
