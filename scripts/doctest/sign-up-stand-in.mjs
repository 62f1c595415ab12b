// The sign-up route the server pages document (POST /api/sign-up: {userName, challenge, attestation} ->
// {subOrganizationId, address}), played by the checker for blocks whose unit has no backend block: the phone
// harness's device and the browser tab's React sign-up button post there.
import { waitForActivity } from '@sigil/http';

const ETHEREUM_ACCOUNT = { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' };
let count = 0;

/** A sub-organization whose root user holds the posted passkey, with an Ethereum wallet: what the sign-up route creates. */
export async function createSignedUpUser(admin, { userName, challenge, attestation }, { name = 'Wallet', authenticatorName = 'Passkey' } = {}) {
  count++;
  const submitted = await admin.createSubOrganization({
    // Names are unique per organization; the same user name may sign up twice in one unit.
    subOrganizationName: `${name} of ${userName}${count > 1 ? ` (${count})` : ''}`,
    rootUsers: [{ userName, apiKeys: [], authenticators: [{ authenticatorName, challenge, attestation }], oauthProviders: [] }],
    rootQuorumThreshold: 1,
    wallet: { walletName: 'Default wallet', accounts: [ETHEREUM_ACCOUNT] },
  });
  const { outcome, activity } = await waitForActivity(admin, submitted);
  if (outcome !== 'COMPLETED') throw new Error(`the checker's sign-up route: create_sub_organization ended ${outcome}`);
  const result = activity.result.createSubOrganizationResultV7;
  return { subOrganizationId: result.subOrganizationId, userId: result.rootUserIds[0], walletId: result.wallet.walletId, address: result.wallet.addresses[0] };
}
