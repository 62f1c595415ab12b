// The demo's backend, played in the page with the sandbox's root key: what an app's server does with its API key
// for the kit's `server` functions. Only for the sandbox, whose key is the reader's own and whose data stays here.
import {SigilClient, ApiKeyStamper} from '@sigil/http';
import type {SigilKitServer} from '@sigil/embedded-wallet-kit';

const ACCOUNT = {
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: "m/44'/60'/0'/0/0",
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
} as const;

const FEATURES = ['FEATURE_NAME_EMAIL_AUTH', 'FEATURE_NAME_OTP_EMAIL_AUTH', 'FEATURE_NAME_EMAIL_RECOVERY', 'FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY'] as const;

export interface RootKey {
  baseUrl: string;
  organizationId: string;
  apiPublicKey: string;
  apiPrivateKey: string;
}

function rootClient(key: RootKey): SigilClient {
  return new SigilClient({
    baseUrl: key.baseUrl,
    organizationId: key.organizationId,
    stamper: new ApiKeyStamper({apiPublicKey: key.apiPublicKey, apiPrivateKey: key.apiPrivateKey}),
  });
}

/** Switches on the sign-in methods the demo offers (a new sandbox has them off, as a new organization does). */
export async function enableSignInMethods(key: RootKey): Promise<void> {
  const root = rootClient(key);
  const {configs} = await root.getOrganizationConfigs({});
  const on = new Set(configs.features.map((feature) => feature.name));
  for (const name of FEATURES) {
    if (!on.has(name)) await root.setOrganizationFeature({name}, {wait: true});
  }
}

async function subOrganizationByEmail(root: SigilClient, email: string): Promise<string> {
  const {organizationIds} = await root.listSuborgs({filterType: 'EMAIL', filterValue: email});
  if (!organizationIds[0]) throw new Error(`No account for ${email}: create one with a passkey first`);
  return organizationIds[0];
}

export function demoBackend(key: RootKey): SigilKitServer {
  const root = rootClient(key);
  return {
    async createSubOrganization({userName, userEmail, passkey}) {
      const {activity} = await root.createSubOrganization(
        {
          subOrganizationName: `${userName} (demo)`,
          rootUsers: [{userName, ...(userEmail ? {userEmail} : {}), apiKeys: [], authenticators: passkey ? [passkey] : [], oauthProviders: []}],
          rootQuorumThreshold: 1,
          wallet: {walletName: 'Demo wallet', accounts: [ACCOUNT]},
        },
        {wait: true},
      );
      const result = activity.result.createSubOrganizationResultV7!;
      return {organizationId: result.subOrganizationId, userId: result.rootUserIds[0]!};
    },
    async emailAuth({email, targetPublicKey, emailCustomization}) {
      const organizationId = await subOrganizationByEmail(root, email);
      await root.emailAuth({email, targetPublicKey, emailCustomization}, {organizationId, wait: true});
      return {organizationId};
    },
    async initUserEmailRecovery({email, targetPublicKey, emailCustomization}) {
      const organizationId = await subOrganizationByEmail(root, email);
      const {activity} = await root.initUserEmailRecovery({email, targetPublicKey, emailCustomization}, {organizationId, wait: true});
      return {organizationId, userId: activity.result.initUserEmailRecoveryResult!.userId};
    },
  };
}
