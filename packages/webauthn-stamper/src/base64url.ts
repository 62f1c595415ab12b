// The encoding WebAuthn fields travel in: base64url without padding (@scure/base, audited, browser-safe).
import { base64urlnopad } from '@scure/base';

export function bytesToBase64url(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes);
}

export function base64urlToBytes(text: string): Uint8Array {
  try {
    return base64urlnopad.decode(text);
  } catch {
    throw new Error('Invalid base64url string');
  }
}
