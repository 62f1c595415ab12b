// setup="security-key": a second authenticator in the browser tab, a USB security key the user plugs in when the
// browser asks to create a passkey and unplugs afterwards, for pages that add a second passkey to a user
// (`excludeCredentials` naming the first keeps the browser from putting it on the authenticator that holds the first).
//
// Why it is plugged in only while a passkey is created: a security key that is plugged in answers every prompt, and
// one with no passkey for the site answers a sign-in prompt with "no credentials", which fails the prompt in
// Chromium; one that holds the new passkey answers the next prompt with it before the device's passkey can. A reader
// picks the authenticator themselves; here the plugging follows the browser's calls: the tab's
// `navigator.credentials.create` turns the key's user presence on for its duration, so the create lands on the key
// (the device's authenticator refuses it for `excludeCredentials`), and every `get` is answered by the device.
const SECURITY_KEY = { protocol: 'ctap2', transport: 'usb', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: false };

/** Adds the security key to `page` (the unit's tab, already signed up). Resolves with `{ authenticatorId, credentials() }`. */
export async function addSecurityKey(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: SECURITY_KEY });
  await page.exposeBinding('doctestPlugSecurityKey', (_source, pluggedIn) =>
    cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: Boolean(pluggedIn) }),
  );
  await page.evaluate(() => {
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = async (options) => {
      await window.doctestPlugSecurityKey(true);
      try {
        return await create(options);
      } finally {
        await window.doctestPlugSecurityKey(false);
      }
    };
  });
  return {
    authenticatorId,
    /** The passkeys on the key, base64url credential IDs. */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.map((c) => c.credentialId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')),
  };
}

/** The setup: nothing before the tab opens; the key once it has (`browserUser`). */
export async function securityKeySetup() {
  return { values: {}, env: {} };
}
securityKeySetup.browserUser = async (_user, { tab }) => {
  if (!tab) throw new Error('setup: security-key adds an authenticator to the browser tab, and this unit has none');
  const key = await addSecurityKey(tab.page);
  // `securityKeyCredentialIds()` in a `call`: what the key holds, to compare with what the emulator registered.
  await tab.page.exposeFunction('securityKeyCredentialIds', key.credentials);
};
