// Both signers against the emulator; CosmJS's own Secp256k1, makeSignBytes and serializeSignDoc judge each signature.
import { makeSignDoc as makeAminoSignDoc, serializeSignDoc, type StdSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, fromBech32, toHex } from '@cosmjs/encoding';
import { makeSignBytes, type DirectSignResponse } from '@cosmjs/proto-signing';
import { SigningStargateClient } from '@cosmjs/stargate';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { ActivityTimeoutError, createServerClient, generateApiKeyPair, SigilRequestError, waitForActivity, type SigilClient } from '@sigil/sdk-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigilActivityError, SigilAminoSigner, SigilDirectSigner } from './index.js';

const RECIPIENT = 'cosmos17ty32qx6wwkchx5qnnnm7kaf8c4c9a948a9muc';
const FEE = { amount: [{ denom: 'uatom', amount: '5000' }], gas: '200000' };
const SIGNER_DATA = { accountNumber: 7n, sequence: 3, chainId: 'cosmoshub-4' };

interface Account {
  address: string;
  publicKey: string;
}

/** A wallet with the key on m/44'/118'/0'/0/0 as a Cosmos address and as a compressed public key, plus a Solana account. */
async function createAccounts(client: SigilClient): Promise<{ cosmos: Account; other: Account; solana: string }> {
  const cosmosAccount = (path: string, addressFormat: 'ADDRESS_FORMAT_COSMOS' | 'ADDRESS_FORMAT_COMPRESSED') =>
    ({ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path, addressFormat }) as const;
  const accounts = [
    cosmosAccount("m/44'/118'/0'/0/0", 'ADDRESS_FORMAT_COSMOS'),
    cosmosAccount("m/44'/118'/0'/0/0", 'ADDRESS_FORMAT_COMPRESSED'),
    cosmosAccount("m/44'/118'/0'/0/1", 'ADDRESS_FORMAT_COSMOS'),
    cosmosAccount("m/44'/118'/0'/0/1", 'ADDRESS_FORMAT_COMPRESSED'),
    { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' } as const,
  ];
  const { outcome, activity } = await waitForActivity(client, await client.createWallet({ walletName: 'Cosmos test', accounts }), { initialDelayMs: 5 });
  const a = activity.result?.createWalletResult?.addresses ?? [];
  if (outcome !== 'COMPLETED' || a.length !== 5) throw new Error(`create_wallet ended ${outcome}`);
  return { cosmos: { address: a[0]!, publicKey: a[1]! }, other: { address: a[2]!, publicKey: a[3]! }, solana: a[4]! };
}

async function verifies(signature: string, signBytes: Uint8Array, publicKey: string): Promise<boolean> {
  const pubkey = Uint8Array.from(Buffer.from(publicKey, 'hex'));
  return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(fromBase64(signature)), sha256(signBytes), pubkey);
}

const sendMsg = (from: string) => ({
  typeUrl: '/cosmos.bank.v1beta1.MsgSend',
  value: { fromAddress: from, toAddress: RECIPIENT, amount: [{ denom: 'uatom', amount: '100000' }] },
});

describe('SigilDirectSigner and SigilAminoSigner', () => {
  let server: TestEmulator;
  let cosmos: Account;
  let other: Account;
  let solana: string;

  beforeAll(async () => {
    server = await startTestEmulator();
    ({ cosmos, other, solana } = await createAccounts(server.client));
  });
  afterAll(() => server.close());

  const options = () => ({ client: server.client, signWith: cosmos.address, publicKey: cosmos.publicKey, waitOptions: { initialDelayMs: 5 } });

  it('getAccounts reports the address, secp256k1 and the public key, without a request', async () => {
    const signer = await SigilDirectSigner.fromClient(options());
    const before = server.requests.length;
    const [account] = await signer.getAccounts();
    expect(account).toEqual({ address: cosmos.address, algo: 'secp256k1', pubkey: Uint8Array.from(Buffer.from(cosmos.publicKey, 'hex')) });
    expect(server.requests.length).toBe(before);
  });

  it('signs a direct SignDoc through SigningStargateClient, and CosmJS verifies the TxRaw signature', async () => {
    const signer = await SigilDirectSigner.fromClient(options());
    const client = await SigningStargateClient.offline(signer);
    const txRaw = await client.sign(cosmos.address, [sendMsg(cosmos.address)], FEE, 'Paid with a Sigil key', SIGNER_DATA);
    const decoded = txRaw;
    const signBytes = makeSignBytes({
      bodyBytes: decoded.bodyBytes,
      authInfoBytes: decoded.authInfoBytes,
      chainId: SIGNER_DATA.chainId,
      accountNumber: SIGNER_DATA.accountNumber,
    });
    const signature = Buffer.from(decoded.signatures[0]!).toString('base64');
    expect(await verifies(signature, signBytes, cosmos.publicKey)).toBe(true);
    // The same signature over another chain's sign bytes does not verify.
    const elsewhere = makeSignBytes({ bodyBytes: decoded.bodyBytes, authInfoBytes: decoded.authInfoBytes, chainId: 'osmosis-1', accountNumber: 7n });
    expect(await verifies(signature, elsewhere, cosmos.publicKey)).toBe(false);
  });

  it('signDirect returns the SignDoc and a StdSignature with the public key', async () => {
    const signer = await SigilDirectSigner.fromClient(options());
    const signDoc = { bodyBytes: new Uint8Array([10, 3, 1, 2, 3]), authInfoBytes: new Uint8Array([18, 0]), chainId: 'cosmoshub-4', accountNumber: 1n };
    const response: DirectSignResponse = await signer.signDirect(cosmos.address, signDoc);
    expect(response.signed).toBe(signDoc);
    expect(response.signature.pub_key).toEqual({ type: 'tendermint/PubKeySecp256k1', value: Buffer.from(cosmos.publicKey, 'hex').toString('base64') });
    expect(fromBase64(response.signature.signature)).toHaveLength(64);
    expect(await verifies(response.signature.signature, makeSignBytes(signDoc), cosmos.publicKey)).toBe(true);
  });

  it('signs an amino StdSignDoc that CosmJS verifies over serializeSignDoc, and through SigningStargateClient', async () => {
    const signer = await SigilAminoSigner.fromClient(options());
    const msg = { type: 'cosmos-sdk/MsgSend', value: { from_address: cosmos.address, to_address: RECIPIENT, amount: [{ denom: 'uatom', amount: '100000' }] } };
    const signDoc: StdSignDoc = makeAminoSignDoc([msg], FEE, 'cosmoshub-4', 'memo', 7, 3);
    const response = await signer.signAmino(cosmos.address, signDoc);
    expect(response.signed).toBe(signDoc);
    expect(await verifies(response.signature.signature, serializeSignDoc(signDoc), cosmos.publicKey)).toBe(true);

    const client = await SigningStargateClient.offline(signer);
    const txRaw = await client.sign(cosmos.address, [sendMsg(cosmos.address)], FEE, 'memo', SIGNER_DATA);
    const aminoDoc = makeAminoSignDoc([msg], FEE, SIGNER_DATA.chainId, 'memo', SIGNER_DATA.accountNumber, SIGNER_DATA.sequence);
    expect(await verifies(Buffer.from(txRaw.signatures[0]!).toString('base64'), serializeSignDoc(aminoDoc), cosmos.publicKey)).toBe(true);
  });

  it('reports the address with the bech32 prefix option and signs for it', async () => {
    const signer = await SigilDirectSigner.fromClient({ ...options(), prefix: 'osmo' });
    const [account] = await signer.getAccounts();
    expect(account!.address.startsWith('osmo1')).toBe(true);
    expect(toHex(fromBech32(account!.address, 90).data)).toBe(toHex(fromBech32(cosmos.address, 90).data));
    const signDoc = { bodyBytes: new Uint8Array([1]), authInfoBytes: new Uint8Array([2]), chainId: 'osmosis-1', accountNumber: 4n };
    const response = await signer.signDirect(account!.address, signDoc);
    expect(await verifies(response.signature.signature, makeSignBytes(signDoc), cosmos.publicKey)).toBe(true);
    const amino = await SigilAminoSigner.fromClient({ ...options(), prefix: 'osmo' });
    expect((await amino.getAccounts())[0]!.address).toBe(account!.address);
  });

  it('fromClient refuses a public key of another key, a non-Cosmos signWith and a malformed key', async () => {
    await expect(SigilDirectSigner.fromClient({ ...options(), publicKey: other.publicKey })).rejects.toThrow(/does not hash to signWith/);
    await expect(SigilAminoSigner.fromClient({ ...options(), signWith: solana })).rejects.toThrow(/bech32 ADDRESS_FORMAT_COSMOS address/);
    await expect(SigilDirectSigner.fromClient({ ...options(), publicKey: 'zz' })).rejects.toThrow(/publicKey must be hex/);
    await expect(SigilDirectSigner.fromClient({ ...options(), publicKey: cosmos.publicKey.slice(2) })).rejects.toThrow(/compressed secp256k1/);
  });

  it('refuses to sign for a signer address other than its own', async () => {
    const direct = await SigilDirectSigner.fromClient(options());
    const before = server.requests.length;
    await expect(direct.signDirect(other.address, { bodyBytes: new Uint8Array(), authInfoBytes: new Uint8Array(), chainId: 'c', accountNumber: 0n })).rejects.toThrow(
      /signs for cosmos1\w+ only/,
    );
    const amino = await SigilAminoSigner.fromClient(options());
    await expect(amino.signAmino(other.address, makeAminoSignDoc([], FEE, 'c', '', 0, 0))).rejects.toThrow(/signs for/);
    expect(server.requests.length).toBe(before);
  });

  it('surfaces a key that is no account of the organization as SigilRequestError', async () => {
    // A key pair of another organization: it passes the address check, and Sigil does not know it.
    const otherServer = await startTestEmulator();
    try {
      const { cosmos: stranger } = await createAccounts(otherServer.client);
      const signer = await SigilDirectSigner.fromClient({ ...options(), signWith: stranger.address, publicKey: stranger.publicKey });
      const error = await signer.signDirect(stranger.address, { bodyBytes: new Uint8Array([1]), authInfoBytes: new Uint8Array(), chainId: 'c', accountNumber: 0n }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SigilRequestError);
      expect((error as SigilRequestError).code).toBe(5);
    } finally {
      await otherServer.close();
    }
  });

  it('surfaces a policy denial as SigilRequestError code 7', async () => {
    const keys = generateApiKeyPair();
    const { outcome } = await waitForActivity(
      server.client,
      await server.client.createUsers({
        users: [{ userName: 'no-policy', accessType: 'ACCESS_TYPE_API', apiKeys: [{ apiKeyName: 'k', publicKey: keys.publicKey }], authenticators: [], userTags: [] }],
      }),
    );
    expect(outcome).toBe('COMPLETED');
    const client = createServerClient({ baseUrl: server.url, organizationId: server.organizationId, apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey });
    const signer = await SigilAminoSigner.fromClient({ ...options(), client });
    const error = await signer.signAmino(cosmos.address, makeAminoSignDoc([], FEE, 'c', '', 0, 0)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(7);
  });
});

describe('signers while activities wait', () => {
  it('throws ActivityTimeoutError when signing outlasts waitOptions.timeoutMs', async () => {
    // Every new activity stays pending for two reads, longer than a 1 ms wait allows.
    const server = await startTestEmulator({ pendingPolls: 2 });
    try {
      const { cosmos } = await createAccounts(server.client);
      const signer = await SigilDirectSigner.fromClient({ client: server.client, signWith: cosmos.address, publicKey: cosmos.publicKey, waitOptions: { timeoutMs: 1 } });
      const error = await signer.signDirect(cosmos.address, { bodyBytes: new Uint8Array([1]), authInfoBytes: new Uint8Array(), chainId: 'c', accountNumber: 0n }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ActivityTimeoutError);
      const { activity } = await server.client.getActivity({ activityId: (error as ActivityTimeoutError).activityId });
      expect(activity.type).toBe('ACTIVITY_TYPE_SIGN_RAW_PAYLOAD');
    } finally {
      await server.close();
    }
  });

  it('throws SigilActivityError with outcome CONSENSUS_NEEDED when the root quorum needs a second vote', async () => {
    const server = await startTestEmulator();
    try {
      const { cosmos } = await createAccounts(server.client);
      const keys = generateApiKeyPair();
      const users = await waitForActivity(
        server.client,
        await server.client.createUsers({
          users: [{ userName: 'second-root', accessType: 'ACCESS_TYPE_API', apiKeys: [{ apiKeyName: 'k', publicKey: keys.publicKey }], authenticators: [], userTags: [] }],
        }),
      );
      const secondUserId = users.activity.result?.createUsersResult?.userIds[0];
      expect(secondUserId).toBeDefined();
      const quorum = await waitForActivity(server.client, await server.client.updateRootQuorum({ threshold: 2, userIds: [server.rootUserId, secondUserId!] }));
      expect(quorum.outcome).toBe('COMPLETED');
      const signer = await SigilAminoSigner.fromClient({ client: server.client, signWith: cosmos.address, publicKey: cosmos.publicKey, organizationId: server.organizationId });
      const error = await signer.signAmino(cosmos.address, makeAminoSignDoc([], FEE, 'c', '', 0, 0)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SigilActivityError);
      expect((error as SigilActivityError).outcome).toBe('CONSENSUS_NEEDED');
    } finally {
      await server.close();
    }
  });
});
