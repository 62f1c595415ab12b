// A Solana wallet extension in the checker's browser tab, for pages whose browser code reads `window.solana`
// (setup="solana-wallet-extension"): the provider shape wallets such as Phantom inject (`connect()` resolving with
// `{publicKey}`, `signMessage(message, display)` resolving with `{signature, publicKey}`), backed by a real Ed25519
// key made in Node. The public key is a session value, so a block can assert that the emulator verified stamps of
// exactly this key; the secret key never enters the page's globals (it lives in the provider's closure).
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';

/** A fresh wallet: its keys, and `script`, the code that installs its provider as `window.solana`. */
export function solanaWalletExtension() {
  const secretKey = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  return { secretKey, publicKey, publicKeyHex: bytesToHex(publicKey), publicKeyBase58: base58.encode(publicKey), script: providerSource(secretKey, publicKey) };
}

/**
 * The provider's module source: the signing is `ed25519.sign` of @noble/curves (the tab bundles it, browser.mjs).
 * It counts its signatures, so a block can show that each stamp was one wallet signature.
 */
export function providerSource(secretKey, publicKey) {
  return `import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
const secretKey = Uint8Array.from(${JSON.stringify([...secretKey])});
const keyBytes = Uint8Array.from(${JSON.stringify([...publicKey])});
const publicKey = { toBytes: () => keyBytes.slice(), toBase58: () => base58.encode(keyBytes), toString: () => base58.encode(keyBytes) };
const provider = {
  isConnected: false,
  publicKey: null,
  signatures: 0,
  async connect() {
    provider.isConnected = true;
    provider.publicKey = publicKey;
    return { publicKey };
  },
  async disconnect() {
    provider.isConnected = false;
    provider.publicKey = null;
  },
  async signMessage(message, _display) {
    if (!provider.isConnected) throw new Error('Solana wallet: connect() before signMessage()');
    if (!(message instanceof Uint8Array)) throw new TypeError('Solana wallet: signMessage takes a Uint8Array');
    provider.signatures++;
    return { signature: ed25519.sign(message, secretKey), publicKey };
  },
};
window.solana = provider;
`;
}

/** The session value that holds the wallet's provider source between the setup and the tab (not a `call` name). */
const SCRIPT_VALUE = 'solana-wallet-extension script';

/**
 * setup="solana-wallet-extension": a wallet made before the tab opens, installed in it once it has (`browserUser`).
 * Session values: `solanaWalletPublicKey` (hex, as the pages send it) and `solanaWalletAddress` (base58).
 */
export async function solanaWalletExtensionSetup() {
  const wallet = solanaWalletExtension();
  return { values: { solanaWalletPublicKey: wallet.publicKeyHex, solanaWalletAddress: wallet.publicKeyBase58, [SCRIPT_VALUE]: wallet.script }, env: {} };
}
solanaWalletExtensionSetup.browserUser = async (_user, { values, tab }) => {
  if (!tab) throw new Error('setup: solana-wallet-extension installs a wallet in the browser tab, and this unit has none');
  await tab.addScript(values[SCRIPT_VALUE]);
};
