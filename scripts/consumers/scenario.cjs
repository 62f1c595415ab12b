// The calls every consumer makes, whatever module system loaded the libraries: each library does one real thing,
// and the server and browser clients create a wallet in an emulator. `mods` holds the loaded packages by name.
'use strict';
const assert = require('node:assert/strict');

async function runScenario(mods, label) {
  const policy = mods['@sigil/policy'];
  const verdict = policy.evaluatePolicies(
    [{ policyName: 'Two approvals above 10 ETH', effect: 'EFFECT_ALLOW',
       condition: 'eth.tx.value > 10000000000000000000', consensus: 'approvers.count() >= 2' }],
    { activity: { type: 'ACTIVITY_TYPE_SIGN_TRANSACTION' }, eth: { tx: { to: '0x00', value: '20000000000000000000' } } },
  );
  assert.equal(verdict.outcome, 'CONSENSUS_NEEDED', `${label}: @sigil/policy`);
  assert.throws(() => policy.parse('1 +'), policy.PolicyError, `${label}: PolicyError is the class parse throws`);

  const spec = mods['@sigil/api-spec'];
  assert.ok(Object.keys(spec.OPERATIONS).length > 50, `${label}: @sigil/api-spec OPERATIONS`);
  assert.ok(mods['@sigil/api-spec/openapi.json'].paths['/public/v1/query/whoami'], `${label}: @sigil/api-spec/openapi.json`);

  const { bytesToBase64url, base64urlToBytes } = mods['@sigil/webauthn-stamper'];
  assert.deepEqual([...base64urlToBytes(bytesToBase64url(new Uint8Array([251, 255, 0])))], [251, 255, 0], `${label}: @sigil/webauthn-stamper`);

  const { generateApiKeyPair, publicKeyFromPrivateKey } = mods['@sigil/api-key-stamper'];
  const pair = generateApiKeyPair();
  assert.equal(publicKeyFromPrivateKey(pair.privateKey), pair.publicKey, `${label}: @sigil/api-key-stamper`);

  // IframeStamper itself needs a DOM (consumers' browser check); its error class loads anywhere.
  const { IframeStamper, IframeStamperError } = mods['@sigil/iframe-stamper'];
  assert.equal(typeof IframeStamper, 'function', `${label}: @sigil/iframe-stamper IframeStamper`);
  const frameError = new IframeStamperError('no-credential', 'No credential');
  assert.ok(frameError instanceof Error && frameError.reason === 'no-credential', `${label}: @sigil/iframe-stamper IframeStamperError`);

  // The kit's components need React and a DOM (the browser check and its own tests); its seed-phrase check runs anywhere.
  const { normalizeSeedPhrase, SigilKitError, SigilAuth } = mods['@sigil/embedded-wallet-kit'];
  assert.equal(typeof SigilAuth, 'function', `${label}: @sigil/embedded-wallet-kit SigilAuth`);
  assert.equal(normalizeSeedPhrase(` ${'ABANDON '.repeat(11)} about `), `${'abandon '.repeat(11)}about`, `${label}: @sigil/embedded-wallet-kit normalizeSeedPhrase`);
  assert.throws(() => normalizeSeedPhrase('abandon about'), (error) => error instanceof SigilKitError && error.reason === 'invalid-seed-phrase', `${label}: @sigil/embedded-wallet-kit SigilKitError`);

  const emulator = await mods['@sigil/emulator/testing'].startTestEmulator();
  try {
    const server = mods['@sigil/sdk-server'];
    const config = {
      baseUrl: emulator.url,
      apiPublicKey: emulator.rootKeys.publicKey,
      apiPrivateKey: emulator.rootKeys.privateKey,
      organizationId: emulator.organizationId,
    };
    const client = server.createServerClient(config);
    // One Ethereum account: the emulator derives it with @scure/bip32 and @noble/curves, which the CommonJS
    // build carries in its _vendor bundles.
    const submitted = await client.createWallet({ walletName: `${label} wallet`, accounts: [{
      curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    }] });
    const { outcome, activity } = await server.waitForActivity(client, submitted);
    assert.equal(outcome, 'COMPLETED', `${label}: @sigil/sdk-server createWallet`);
    assert.match(activity.result.createWalletResult.addresses[0], /^0x[0-9a-fA-F]{40}$/, `${label}: derived Ethereum address`);
    await signWithWeb3Adapters(mods, label, client, activity.result.createWalletResult);

    const browser = mods['@sigil/sdk-browser'].createBrowserClient(config);
    const { wallets } = await browser.listWallets();
    assert.ok(wallets.some((w) => w.walletName === `${label} wallet`), `${label}: @sigil/sdk-browser listWallets`);

    // An error thrown inside @sigil/http is an instance of the class each entry point re-exports:
    // the packages share one copy of it in this module system.
    const other = generateApiKeyPair();
    const stranger = server.createServerClient({ ...config, apiPublicKey: other.publicKey, apiPrivateKey: other.privateKey });
    const error = await stranger.whoami().then(() => null, (e) => e);
    assert.ok(error instanceof mods['@sigil/http'].SigilRequestError, `${label}: error is @sigil/http's SigilRequestError, got ${error}`);
    assert.ok(error instanceof server.SigilRequestError, `${label}: @sigil/sdk-server re-exports the same class`);

    // A wallet whose user says no: the client rejects with the wallet stamper's own error, and sends nothing.
    const { WalletStamper, WalletStamperError } = mods['@sigil/wallet-stamper'];
    const refusing = {
      curveType: 'API_KEY_CURVE_SECP256K1',
      getPublicKey: async () => pair.publicKey.replace(/^0[23]/, '02'),
      signMessage: async () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    };
    const walletClient = new mods['@sigil/http'].SigilClient({ baseUrl: emulator.url, organizationId: emulator.organizationId, stamper: new WalletStamper(refusing) });
    const refusal = await walletClient.whoami().then(() => null, (e) => e);
    assert.ok(refusal instanceof WalletStamperError && refusal.reason === 'rejected', `${label}: @sigil/wallet-stamper WalletStamperError, got ${refusal}`);
  } finally {
    await emulator.close();
  }
  return `${label}: ok`;
}

/** The EVM adapters sign one message each with the wallet's account, and viem or ethers recovers the signer. */
async function signWithWeb3Adapters(mods, label, client, { walletId, addresses: [address] }) {
  const account = await mods['@sigil/viem'].createAccount({ client, signWith: address });
  const viaViem = await account.signMessage({ message: label });
  assert.equal(await mods.viem.recoverMessageAddress({ message: label, signature: viaViem }), address, `${label}: @sigil/viem`);
  const signer = new mods['@sigil/ethers'].SigilSigner({ client, signWith: address });
  assert.equal(mods.ethers.verifyMessage(label, await signer.signMessage(label)), address, `${label}: @sigil/ethers`);
  const provider = await mods['@sigil/eip1193-provider'].createEIP1193Provider({
    client, walletId, chains: [{ chainId: '0xaa36a7', rpcUrls: ['https://sepolia.rpc.example'] }],
  });
  assert.deepEqual(await provider.request({ method: 'eth_requestAccounts' }), [address], `${label}: @sigil/eip1193-provider accounts`);
  const viaProvider = await provider.request({ method: 'personal_sign', params: [mods.viem.toHex(label), address] });
  assert.equal(mods.ethers.verifyMessage(label, viaProvider), address, `${label}: @sigil/eip1193-provider personal_sign`);
  const refused = await provider.request({ method: 'eth_sign', params: [address, '0x00'] }).then(() => null, (e) => e);
  assert.ok(refused instanceof mods['@sigil/eip1193-provider'].ProviderRpcError && refused.code === 4200, `${label}: ProviderRpcError 4200`);
}

module.exports = { runScenario };
