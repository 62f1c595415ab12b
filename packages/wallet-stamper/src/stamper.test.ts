import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { SigilClient, SigilRequestError, waitForActivity } from '@sigil/http';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SolanaWallet, WalletStamper, WalletStamperError, type SolanaWalletAdapter, type WalletInterface } from './index.js';

/** A Solana wallet adapter as `useWallet()` hands it out once connected, backed by a real Ed25519 key. */
function solanaAdapter(secretKey = ed25519.utils.randomSecretKey()): SolanaWalletAdapter & { prompts: Uint8Array[] } {
  const publicKey = ed25519.getPublicKey(secretKey);
  const prompts: Uint8Array[] = [];
  return {
    prompts,
    publicKey: { toBytes: () => publicKey },
    async signMessage(message) {
      prompts.push(message);
      return ed25519.sign(message, secretKey);
    },
  };
}

/** A secp256k1 key that signs raw SHA-256 digests (a hardware signer, a key the app holds), as the page's WalletInterface. */
function secp256k1Wallet(secretKey = secp256k1.utils.randomSecretKey()): WalletInterface {
  return {
    curveType: 'API_KEY_CURVE_SECP256K1',
    getPublicKey: async () => bytesToHex(secp256k1.getPublicKey(secretKey, true)),
    async signMessage(message) {
      // The signer receives the 32-byte digest only, as a raw-digest signer does: no prehash of its own.
      const digest = sha256(message);
      return { scheme: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256', signature: bytesToHex(secp256k1.sign(digest, secretKey, { prehash: false, format: 'der' })) };
    },
  };
}

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => {
  await emulator.close();
});

/** The page's server.ts: a sub-organization whose only root user holds the wallet's key as an API key. */
async function signUpWithWallet(publicKey: string, curveType: WalletInterface['curveType']) {
  const submitted = await emulator.client.createSubOrganization({
    subOrganizationName: `Wallet user ${publicKey.slice(0, 10)}`,
    rootUsers: [{ userName: `wallet-${publicKey.slice(0, 10)}`, apiKeys: [{ apiKeyName: 'Connected wallet', publicKey, curveType }], authenticators: [], oauthProviders: [] }],
    rootQuorumThreshold: 1,
  });
  const { outcome, activity } = await waitForActivity(emulator.client, submitted);
  expect(outcome).toBe('COMPLETED');
  return activity.result!.createSubOrganizationResultV7!;
}

const clientFor = (organizationId: string, wallet: WalletInterface) =>
  new SigilClient({ baseUrl: emulator.url, organizationId, stamper: new WalletStamper(wallet) });

const decodeStamp = (value: string) => JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, string>;

describe('SolanaWallet', () => {
  it('signs in a user whose API key is the wallet key, and creates a wallet with it', async () => {
    const adapter = solanaAdapter();
    const stamper = new WalletStamper(new SolanaWallet(adapter));
    const publicKey = await stamper.getPublicKey();
    expect(publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(adapter.prompts).toHaveLength(0); // reading the key asks for no signature
    const { subOrganizationId, rootUserIds } = await signUpWithWallet(publicKey, 'API_KEY_CURVE_ED25519');

    const client = new SigilClient({ baseUrl: emulator.url, organizationId: subOrganizationId, stamper });
    const me = await client.whoami();
    expect(me.userId).toBe(rootUserIds![0]);
    expect(me.organizationId).toBe(subOrganizationId);
    const submitted = await client.createWallet({
      walletName: 'Embedded wallet',
      accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }],
    });
    const { outcome, activity } = await waitForActivity(client, submitted);
    expect(outcome).toBe('COMPLETED');
    expect(activity.result?.createWalletResult?.addresses?.[0]).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The wallet was shown exactly the bodies that were sent.
    const sent = emulator.requests.filter((r) => r.headers['x-stamp'] && decodeStamp(r.headers['x-stamp']).publicKey === publicKey);
    expect(sent.map((r) => r.body)).toEqual(adapter.prompts.map((m) => new TextDecoder().decode(m)));
  });

  it('builds the X-Stamp the emulator verifies: base64url JSON, Ed25519 over the raw body bytes', async () => {
    const secretKey = ed25519.utils.randomSecretKey();
    const stamper = new WalletStamper(new SolanaWallet(solanaAdapter(secretKey)));
    const body = '{"organizationId":"o","note":"é"}';
    const { stampHeaderName, stampHeaderValue } = await stamper.stamp(body);
    expect(stampHeaderName).toBe('X-Stamp');
    expect(stampHeaderValue).toMatch(/^[A-Za-z0-9_-]+$/);
    const stamp = decodeStamp(stampHeaderValue);
    expect(Object.keys(stamp).sort()).toEqual(['publicKey', 'scheme', 'signature']);
    expect(stamp.scheme).toBe('SIGNATURE_SCHEME_SIGIL_ED25519');
    expect(stamp.publicKey).toBe(bytesToHex(ed25519.getPublicKey(secretKey)));
    expect(ed25519.verify(hexToBytes(stamp.signature!), new TextEncoder().encode(body), hexToBytes(stamp.publicKey!))).toBe(true);
  });

  it('is refused with code 16 when the wallet key is not registered in the organization', async () => {
    const client = clientFor(emulator.organizationId, new SolanaWallet(solanaAdapter()));
    const error = await client.whoami().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(16);
  });

  it('is refused when another key signs in the registered key’s name', async () => {
    const registered = solanaAdapter();
    const publicKey = await new SolanaWallet(registered).getPublicKey();
    const { subOrganizationId } = await signUpWithWallet(publicKey, 'API_KEY_CURVE_ED25519');
    const impostor = solanaAdapter();
    const forged: SolanaWalletAdapter = { publicKey: registered.publicKey, signMessage: (m) => impostor.signMessage(m) };
    const error = await clientFor(subOrganizationId, new SolanaWallet(forged)).whoami().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SigilRequestError);
    expect((error as SigilRequestError).code).toBe(16);
  });

  it('reports a rejected prompt, a failing wallet and a disconnected wallet with their reasons', async () => {
    const connected = solanaAdapter();
    const rejecting: SolanaWalletAdapter = {
      publicKey: connected.publicKey,
      signMessage: async () => {
        // The Solana wallet adapter's WalletSignMessageError wraps the wallet's own { code: 4001 }.
        throw Object.assign(new Error('User rejected the request.'), { name: 'WalletSignMessageError', error: { code: 4001 } });
      },
    };
    const rejected = await new WalletStamper(new SolanaWallet(rejecting)).stamp('{}').catch((e: unknown) => e);
    expect(rejected).toBeInstanceOf(WalletStamperError);
    expect(rejected).toMatchObject({ reason: 'rejected' });
    expect((rejected as WalletStamperError).cause).toBeInstanceOf(Error);

    const broken = new Error('Wallet locked: internal RPC failure');
    const failing: SolanaWalletAdapter = { publicKey: connected.publicKey, signMessage: async () => Promise.reject(broken) };
    await expect(new WalletStamper(new SolanaWallet(failing)).stamp('{}')).rejects.toMatchObject({ reason: 'wallet-error', cause: broken });

    const short: SolanaWalletAdapter = { publicKey: connected.publicKey, signMessage: async () => new Uint8Array(10) };
    await expect(new WalletStamper(new SolanaWallet(short)).stamp('{}')).rejects.toMatchObject({ reason: 'wallet-error' });

    const disconnected: SolanaWalletAdapter = { publicKey: null, signMessage: connected.signMessage };
    await expect(new WalletStamper(new SolanaWallet(disconnected)).getPublicKey()).rejects.toMatchObject({ reason: 'no-account' });
    await expect(new WalletStamper(new SolanaWallet(disconnected)).stamp('{}')).rejects.toMatchObject({ reason: 'no-account' });
    expect(connected.prompts).toHaveLength(0);
  });

  it('turns a refusal during a request into the WalletStamperError the client throws, sending nothing', async () => {
    const before = emulator.requests.length;
    const rejecting: SolanaWalletAdapter = { publicKey: solanaAdapter().publicKey, signMessage: async () => Promise.reject({ code: 4001, message: 'User rejected the request.' }) };
    await expect(clientFor(emulator.organizationId, new SolanaWallet(rejecting)).whoami()).rejects.toMatchObject({ name: 'WalletStamperError', reason: 'rejected' });
    expect(emulator.requests.length).toBe(before);
  });
});

describe('a secp256k1 WalletInterface', () => {
  it('signs in a user whose API key is the wallet key', async () => {
    const wallet = secp256k1Wallet();
    const publicKey = await wallet.getPublicKey();
    const { subOrganizationId, rootUserIds } = await signUpWithWallet(publicKey, 'API_KEY_CURVE_SECP256K1');
    const client = clientFor(subOrganizationId, wallet);
    expect((await client.whoami()).userId).toBe(rootUserIds![0]);
    const stamped = emulator.requests.at(-1)!;
    expect(decodeStamp(stamped.headers['x-stamp']!)).toMatchObject({ publicKey, scheme: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256' });
  });

  it('lower-cases a signer’s upper-case hex, as the API requires', async () => {
    const inner = secp256k1Wallet();
    const shouting: WalletInterface = {
      curveType: 'API_KEY_CURVE_SECP256K1',
      getPublicKey: async () => (await inner.getPublicKey()).toUpperCase(),
      signMessage: async (m) => {
        const { scheme, signature } = await inner.signMessage(m);
        return { scheme, signature: signature.toUpperCase() };
      },
    };
    const { subOrganizationId } = await signUpWithWallet(await inner.getPublicKey(), 'API_KEY_CURVE_SECP256K1');
    await expect(clientFor(subOrganizationId, shouting).whoami()).resolves.toMatchObject({ organizationId: subOrganizationId });
  });

  it('is refused with code 16 when the signature is by another key, or the digest is Keccak-style personal_sign', async () => {
    const registered = secp256k1Wallet();
    const { subOrganizationId } = await signUpWithWallet(await registered.getPublicKey(), 'API_KEY_CURVE_SECP256K1');
    const other = secp256k1Wallet();
    const wrongKey: WalletInterface = { ...other, getPublicKey: registered.getPublicKey };
    await expect(clientFor(subOrganizationId, wrongKey).whoami()).rejects.toMatchObject({ code: 16 });

    // A signer that hashes the prefixed message (as personal_sign does) signs another digest: the page's warning.
    const secretKey = secp256k1.utils.randomSecretKey();
    const prefixed: WalletInterface = {
      curveType: 'API_KEY_CURVE_SECP256K1',
      getPublicKey: async () => bytesToHex(secp256k1.getPublicKey(secretKey, true)),
      signMessage: async (m) => {
        const digest = sha256(new Uint8Array([...new TextEncoder().encode(`\x19Ethereum Signed Message:\n${m.length}`), ...m]));
        return { scheme: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256', signature: bytesToHex(secp256k1.sign(digest, secretKey, { prehash: false, format: 'der' })) };
      },
    };
    const { subOrganizationId: prefixedOrg } = await signUpWithWallet(await prefixed.getPublicKey(), 'API_KEY_CURVE_SECP256K1');
    await expect(clientFor(prefixedOrg, prefixed).whoami()).rejects.toMatchObject({ code: 16 });
  });

  it('refuses a wallet that answers with the wrong scheme, a bad key or a bad signature', async () => {
    const wallet = secp256k1Wallet();
    const wrongScheme: WalletInterface = { ...wallet, signMessage: async () => ({ scheme: 'SIGNATURE_SCHEME_SIGIL_ED25519', signature: 'ab'.repeat(64) }) };
    await expect(new WalletStamper(wrongScheme).stamp('{}')).rejects.toMatchObject({ name: 'WalletStamperError', reason: 'wallet-error' });
    const uncompressed: WalletInterface = { ...wallet, getPublicKey: async () => `04${'ab'.repeat(64)}` };
    await expect(new WalletStamper(uncompressed).getPublicKey()).rejects.toMatchObject({ reason: 'wallet-error' });
    const notHex: WalletInterface = { ...wallet, signMessage: async () => ({ scheme: 'SIGNATURE_SCHEME_SIGIL_SECP256K1_ECDSA_SHA256', signature: 'zz'.repeat(36) }) };
    await expect(new WalletStamper(notHex).stamp('{}')).rejects.toMatchObject({ reason: 'wallet-error' });
    const refusing: WalletInterface = { ...wallet, signMessage: async () => Promise.reject(Object.assign(new Error('denied'), { code: 'ACTION_REJECTED' })) };
    await expect(new WalletStamper(refusing).stamp('{}')).rejects.toMatchObject({ reason: 'rejected' });
    expect(() => new WalletStamper({} as WalletInterface)).toThrow(TypeError);
  });
});
