// Compiled by `tsc -p tsconfig.test.json` (see types.test.ts): proves the generated
// types are usable under strict settings and are precise enough to reject mistakes.
import type { ActivityType, OperationName, Schema, Schemas, components, operations, paths } from './index.js';

type CreateWalletRequest = Schemas['CreateWalletRequest'];

export const request: CreateWalletRequest = {
  type: 'ACTIVITY_TYPE_CREATE_WALLET',
  timestampMs: '1767225600000',
  organizationId: 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601',
  parameters: {
    walletName: 'Treasury',
    accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
    mnemonicLength: 24,
  },
};

export const wrongType: CreateWalletRequest = {
  ...request,
  // @ts-expect-error the envelope's type is a constant per operation
  type: 'ACTIVITY_TYPE_CREATE_WALLET_V2',
};

export const badLength: Schema<'WalletParams'> = {
  walletName: 'x',
  accounts: [],
  // @ts-expect-error mnemonicLength is one of 12, 15, 18, 21, 24
  mnemonicLength: 13,
};

// @ts-expect-error walletName and accounts are required
export const missing: Schema<'CreateWalletIntent'> = { mnemonicLength: 12 };

export function walletName(response: paths['/public/v1/query/get_wallet']['post']['responses'][200]['content']['application/json']): string {
  return response.wallet.walletName;
}

export function resultOf(activity: components['schemas']['Activity']): string | undefined {
  // Index access may be undefined: the result object has at most one key.
  return activity.result.createWalletResult?.walletId;
}

export type CreateWalletOperation = operations['createWallet'];
export const operationName: OperationName = 'create_sub_organization';
// @ts-expect-error not an operation name
export const notAnOperation: OperationName = 'create_wallets';
export const noEndpointType: ActivityType = 'ACTIVITY_TYPE_SET_PAYMENT_METHOD';

// Fields with a default may be left out of requests (openapi-typescript runs with --default-non-nullable=false).
export const deleteWallets: Schema<'DeleteWalletsIntent'> = { walletIds: ['e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9'] };
export const page: Schema<'Pagination'> = { after: '5f6a7b8c-9d0e-4f1a-8b2c-4d5e6f7a8b9c' };
