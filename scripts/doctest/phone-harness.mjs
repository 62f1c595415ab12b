// The phone harness: what a block marked `phone` (React Native app code) finds around it when the checker runs it in
// Node. The three native modules are answered by packages/react-native's in-memory implementations (the process is
// started with `--import tsx --import packages/react-native/test/in-memory-native-modules.mjs`), so
// `import … from 'react-native-passkey'` here is that software authenticator: real P-256 passkeys and WebAuthn
// assertions the emulator verifies. This module gives the block:
// - a device whose passkeys and Keychain entries last from one block of the unit to the next (saved in the unit's
//   folder), as an app's do across restarts;
// - a user who signed up on it with a passkey (`alice`, a sub-organization of the unit's emulator with a wallet);
// - `fetch` to the API host answered by the unit's emulator, `https://example.com/api/…` by the unit's `backend`
//   block, or, without one, `POST /api/sign-up` by a stand-in of the sign-up route the server pages document
//   (a sub-organization with the posted passkey and an Ethereum wallet); every other host is refused.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { device } from 'react-native-passkey';
import { keychain } from 'react-native-keychain';
import { createApiKeyClient, createPasskey, createPasskeyClient } from '@sigil/react-native';
import { createSignedUpUser } from './sign-up-stand-in.mjs';

export const PHONE_RP_ID = 'example.com';
const APP_ORIGIN = `https://${PHONE_RP_ID}`;
const API_ORIGIN = 'https://api.sigil.example';
const hex = (bytes) => Buffer.from(bytes).toString('hex');

/** What the app's sign-up route creates (sign-up-stand-in.mjs), named as a phone's. */
const createUser = (admin, body) => createSignedUpUser(admin, body, { name: 'Phone', authenticatorName: 'Phone passkey' });

/** Routes the process's fetch as a phone on the test network would reach the API and the app's backend. */
function routeFetch({ emulatorUrl, backendUrl, admin }) {
  const realFetch = globalThis.fetch.bind(globalThis);
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin === API_ORIGIN) return realFetch(new Request(`${emulatorUrl}${url.pathname}${url.search}`, request));
    if (url.origin === APP_ORIGIN && url.pathname.startsWith('/api/')) {
      if (backendUrl) return realFetch(new Request(`${backendUrl}${url.pathname}${url.search}`, request));
      if (url.pathname === '/api/sign-up' && request.method === 'POST') {
        const body = await request.json();
        const user = await createUser(admin, body);
        return Response.json({ subOrganizationId: user.subOrganizationId, address: user.address });
      }
      return new Response(`the phone harness serves only POST /api/sign-up without a backend block, not ${request.method} ${url.pathname}`, { status: 404 });
    }
    if (url.origin === new URL(emulatorUrl).origin) return realFetch(request);
    throw new TypeError(`fetch failed: the phone harness refuses ${url.origin}, a host outside the test network`);
  };
}

/**
 * Opens the device for one block: restores its passkeys and Keychain from `stateFile` (signing the user up the first
 * time), routes fetch, and returns the call scope and `save()`, which writes the device back for the next block.
 */
export async function openPhone({ stateFile, emulatorUrl, organizationId, apiPublicKey, apiPrivateKey, backendUrl }) {
  const admin = createApiKeyClient({ apiPublicKey, apiPrivateKey, organizationId, baseUrl: emulatorUrl });
  routeFetch({ emulatorUrl, backendUrl, admin });
  let user;
  if (existsSync(stateFile)) {
    const saved = JSON.parse(readFileSync(stateFile, 'utf8'));
    device.credentials = saved.credentials.map((c) => ({ ...c, secretKey: Uint8Array.from(Buffer.from(c.secretKey, 'hex')) }));
    for (const [service, entry] of saved.keychain) keychain.set(service, entry);
    user = saved.user;
  } else {
    const { attestation, challenge } = await createPasskey({ rp: { id: PHONE_RP_ID, name: 'Example Wallet' }, user: { name: 'alice@example.com', displayName: 'alice' } });
    user = { ...(await createUser(admin, { userName: 'alice', challenge, attestation })), userName: 'alice', credentialId: attestation.credentialId };
  }
  const scope = {
    ...user,
    organizationId: user.subOrganizationId,
    rpId: PHONE_RP_ID,
    client: createPasskeyClient({ rpId: PHONE_RP_ID, organizationId: user.subOrganizationId, allowCredentials: [user.credentialId] }),
    device,
    keychain,
  };
  const save = () =>
    writeFileSync(
      stateFile,
      JSON.stringify({ user, credentials: device.credentials.map((c) => ({ ...c, secretKey: hex(c.secretKey) })), keychain: [...keychain.entries()] }),
    );
  return { scope, save };
}

/** A value as the tab's runner prints it: strings as they are, the rest as JSON (bigints as strings). */
export function format(value) {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return String(value);
  try {
    return JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v));
  } catch {
    return String(value);
  }
}
