// setup="sign-up-backend": the app backend a page's browser code posts its passkey sign-up to, when the page leaves
// that backend to the reader (the passkey integration page: "Send both to your backend, which creates the user's
// sub-organization with them"). It is the route the sub-organization pages write, with the body and answer the
// calling page names: `POST /api/sign-up {email, passkey: {authenticatorName, challenge, attestation}}` ->
// `{subOrganizationId}`. The emulator checks the attestation against the challenge, so a passkey the browser did
// not make, or a challenge it did not sign, fails the sign-up with the emulator's error.
import { createServer } from 'node:http';
import { waitForActivity } from '@sigil/http';
import { listen } from '../browser/passkey-page.mjs';

async function readJson(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** The sub-organization of one sign-up: root user `email` holding `passkey`, with one Ethereum wallet account. */
export async function signUpWithPasskey(emulator, { email, passkey }) {
  if (typeof email !== 'string' || !email.includes('@') || !passkey?.attestation || !passkey.challenge) {
    return { status: 400, body: { error: 'email and passkey {authenticatorName, challenge, attestation} are required' } };
  }
  let submitted;
  try {
    submitted = await emulator.client.createSubOrganization({
      subOrganizationName: `Wallet of ${email}`,
      rootUsers: [{ userName: email, userEmail: email, apiKeys: [], authenticators: [passkey], oauthProviders: [] }],
      rootQuorumThreshold: 1,
      wallet: {
        walletName: 'Default wallet',
        accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
      },
    });
  } catch (error) {
    // Sigil refused the request (an attestation that does not match its challenge): the route says so, as a 502.
    if (typeof error?.code !== 'number') throw error;
    return { status: 502, body: { error: `create_sub_organization refused: ${error.message}` } };
  }
  const { outcome, activity } = await waitForActivity(emulator.client, submitted);
  const subOrganizationId = activity.result?.createSubOrganizationResultV7?.subOrganizationId;
  if (outcome !== 'COMPLETED' || !subOrganizationId) return { status: 502, body: { error: `create_sub_organization ended ${outcome}` } };
  return { status: 200, body: { subOrganizationId } };
}

/** Starts the backend for `emulator`: `{ url, output, close }`, the shape of a started `backend` block (backend.mjs). */
export async function startSignUpBackend(emulator) {
  const log = [];
  const server = createServer(async (request, response) => {
    const answer = (status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method !== 'POST' || request.url !== '/api/sign-up') return answer(404, { error: `the sign-up backend serves POST /api/sign-up, not ${request.method} ${request.url}` });
    try {
      const { status, body } = await signUpWithPasskey(emulator, await readJson(request));
      log.push(`POST /api/sign-up -> ${status} ${JSON.stringify(body)}`);
      answer(status, body);
    } catch (error) {
      log.push(`POST /api/sign-up threw: ${error.stack ?? error}`);
      answer(500, { error: String(error.message ?? error) });
    }
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, output: () => log.join('\n'), close: () => {
      server.close();
      server.closeAllConnections();
    } };
}

/** The setup: the unit's backend is this one (execute.mjs serves the tab's /api/… calls with a setup's `backend`). */
export async function signUpBackendSetup(emulator) {
  return { values: {}, env: {}, backend: await startSignUpBackend(emulator) };
}
