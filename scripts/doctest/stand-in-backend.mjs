// The app backend of a browser unit that has no `backend` block: the checker answers the tab's /api/… calls with
// stand-ins of the routes the pages document, against the unit's emulator with its root API key.
// - POST /api/sign-up with {userName, challenge, attestation}: the server pages' sign-up route
//   (sign-up-stand-in.mjs), answering {subOrganizationId, address};
// - the embedded wallet kit's `server` functions at the paths its reference page's provider posts to, answered by
//   the kit's own test backend (packages/embedded-wallet-kit/test/test-backend.ts, bundled for Node once per run).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createSignedUpUser } from './sign-up-stand-in.mjs';

const KIT_BACKEND = fileURLToPath(new URL('../../packages/embedded-wallet-kit/test/test-backend.ts', import.meta.url));

/** The kit reference page's provider: path -> `server` function. */
export const KIT_ROUTES = {
  '/api/sign-up': 'createSubOrganization',
  '/api/email-login': 'emailAuth',
  '/api/otp/start': 'initOtpAuth',
  '/api/otp/verify': 'otpAuth',
  '/api/recovery/start': 'initUserEmailRecovery',
};

let kitBackendModule;
function kitBackend() {
  kitBackendModule ??= build({ entryPoints: [KIT_BACKEND], bundle: true, platform: 'node', format: 'esm', target: 'node20', write: false, logLevel: 'silent' }).then(
    (result) => import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`),
  );
  return kitBackendModule;
}

/** `answer(route, url)` answers a Playwright route of the tab's /api/… as the app's backend would. */
export function standInBackend(emulator) {
  let kit;
  async function respond(method, path, body) {
    if (method !== 'POST') return undefined;
    if (path === '/api/sign-up' && body.challenge && body.attestation) {
      const user = await createSignedUpUser(emulator.client, body);
      return { subOrganizationId: user.subOrganizationId, address: user.address };
    }
    const name = KIT_ROUTES[path];
    if (!name) return undefined;
    kit ??= (await kitBackend()).testBackend({ baseUrl: emulator.url, organizationId: emulator.organizationId, apiPublicKey: emulator.rootKeys.publicKey, apiPrivateKey: emulator.rootKeys.privateKey });
    return kit[name](body);
  }
  return {
    async answer(route, url) {
      const request = route.request();
      try {
        const result = await respond(request.method(), url.pathname, JSON.parse(request.postData() || '{}'));
        if (result === undefined) {
          return route.fulfill({ status: 404, contentType: 'text/plain', body: `no block of this unit is marked backend, and the checker stands in only for POST ${['/api/sign-up', ...Object.keys(KIT_ROUTES).slice(1)].join(', ')}, not ${request.method()} ${url.pathname}` });
        }
        return route.fulfill({ contentType: 'application/json', body: JSON.stringify(result) });
      } catch (error) {
        // As a backend answers a failed call; the kit shows it as its `backend` failure.
        return route.fulfill({ status: 500, contentType: 'text/plain', body: String(error?.message ?? error) });
      }
    },
  };
}
