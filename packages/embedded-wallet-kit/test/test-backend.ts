// Test-only: the app backend the kit's `server` functions call, played in the page itself with the emulator's root
// API key (a real app keeps that key on its server). Each function sends the call the reference page names.
import { createBrowserClient, type SigilClient } from '@sigil/sdk-browser';
import type { SigilKitServer } from '../src/index.js';

const ETHEREUM_ACCOUNT = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const;

async function subOrganizationOf(root: SigilClient, filterType: 'EMAIL' | 'PHONE_NUMBER', filterValue: string): Promise<string> {
  const { organizationIds } = await root.listSuborgs({ filterType, filterValue });
  const organizationId = organizationIds[0];
  // A backend answers 404 here; the kit turns the thrown error into its `backend` failure.
  if (!organizationId) throw new Error(`404: no account for ${filterValue}`);
  return organizationId;
}

export function testBackend(config: { baseUrl: string; organizationId: string; apiPublicKey: string; apiPrivateKey: string }): SigilKitServer {
  const root = createBrowserClient(config);
  return {
    async createSubOrganization({ userName, userEmail, passkey }) {
      const { activity } = await root.createSubOrganization(
        {
          subOrganizationName: `${userName} ${Date.now()}`,
          rootUsers: [{ userName, ...(userEmail ? { userEmail } : {}), apiKeys: [], authenticators: passkey ? [passkey] : [], oauthProviders: [] }],
          rootQuorumThreshold: 1,
          wallet: { walletName: 'Default wallet', accounts: [ETHEREUM_ACCOUNT] },
        },
        { wait: true },
      );
      const result = activity.result.createSubOrganizationResultV7!;
      return { organizationId: result.subOrganizationId, userId: result.rootUserIds[0]! };
    },
    async emailAuth({ email, targetPublicKey, emailCustomization }) {
      const organizationId = await subOrganizationOf(root, 'EMAIL', email);
      await root.emailAuth({ email, targetPublicKey, emailCustomization }, { organizationId, wait: true });
      return { organizationId };
    },
    async initOtpAuth({ otpType, contact }) {
      const organizationId = await subOrganizationOf(root, otpType === 'OTP_TYPE_SMS' ? 'PHONE_NUMBER' : 'EMAIL', contact);
      const { activity } = await root.initOtpAuth({ otpType, contact }, { organizationId, wait: true });
      return { organizationId, otpId: activity.result.initOtpAuthResult!.otpId };
    },
    async otpAuth({ organizationId, otpId, otpCode, targetPublicKey }) {
      const { outcome, activity } = await root.otpAuth({ otpId, otpCode, targetPublicKey }, { organizationId, wait: true });
      if (outcome !== 'COMPLETED') throw new Error(`otp_auth ${outcome}: ${activity.failure?.message}`);
      return { organizationId, credentialBundle: activity.result.otpAuthResult!.credentialBundle! };
    },
    async initUserEmailRecovery({ email, targetPublicKey, emailCustomization }) {
      const organizationId = await subOrganizationOf(root, 'EMAIL', email);
      const { activity } = await root.initUserEmailRecovery({ email, targetPublicKey, emailCustomization }, { organizationId, wait: true });
      return { organizationId, userId: activity.result.initUserEmailRecoveryResult!.userId };
    },
  };
}
