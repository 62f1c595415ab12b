// The Solana and CosmJS adapters as consumers load them: each signs with a key made in an emulator, and the chain
// library loaded the same way (@solana/web3.js, @cosmjs/crypto) verifies the signature. `mods` as in scenario.cjs.
'use strict';
const assert = require('node:assert/strict');

/** Signs with `@sigil/solana` (when loaded) and `@sigil/cosmjs` (when loaded), one emulator for both. */
async function runSolanaCosmjsScenario(mods, label) {
  const emulator = await mods['@sigil/emulator/testing'].startTestEmulator();
  try {
    const client = emulator.client;
    const server = mods['@sigil/sdk-server'];
    const path = "m/44'/118'/0'/0/0";
    const submitted = await client.createWallet({ walletName: `${label} web3`, accounts: [
      { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
      { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path, addressFormat: 'ADDRESS_FORMAT_COSMOS' },
      { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path, addressFormat: 'ADDRESS_FORMAT_COMPRESSED' },
    ] });
    const { activity } = await server.waitForActivity(client, submitted);
    const [solanaAddress, cosmosAddress, publicKey] = activity.result.createWalletResult.addresses;

    if (mods['@sigil/solana']) await signSolana(mods, label, client, solanaAddress);
    if (mods['@sigil/cosmjs']) await signCosmos(mods, label, client, cosmosAddress, publicKey);
  } finally {
    await emulator.close();
  }
}

async function signSolana(mods, label, client, solanaAddress) {
    const web3 = mods['@solana/web3.js'];
    const tx = new web3.Transaction().add(web3.SystemProgram.transfer({
      fromPubkey: new web3.PublicKey(solanaAddress), toPubkey: web3.Keypair.generate().publicKey, lamports: 1,
    }));
    tx.feePayer = new web3.PublicKey(solanaAddress);
    tx.recentBlockhash = 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky';
    await new mods['@sigil/solana'].SigilSigner({ client }).addSignature(tx, solanaAddress);
    assert.ok(tx.verifySignatures(), `${label}: @sigil/solana addSignature verifies with @solana/web3.js`);
}

async function signCosmos(mods, label, client, cosmosAddress, publicKey) {

    const signer = await mods['@sigil/cosmjs'].SigilAminoSigner.fromClient({ client, signWith: cosmosAddress, publicKey });
    const signDoc = { chain_id: 'cosmoshub-4', account_number: '1', sequence: '0', fee: { amount: [], gas: '1' }, msgs: [], memo: label };
    const { signature } = await signer.signAmino(cosmosAddress, signDoc);
    const { Secp256k1, Secp256k1Signature, sha256 } = mods['@cosmjs/crypto'];
    const { serializeSignDoc } = mods['@cosmjs/amino'];
    const valid = await Secp256k1.verifySignature(
      Secp256k1Signature.fromFixedLength(Buffer.from(signature.signature, 'base64')),
      sha256(serializeSignDoc(signDoc)),
      Buffer.from(publicKey, 'hex'),
    );
    assert.ok(valid, `${label}: @sigil/cosmjs signAmino verifies with @cosmjs/crypto`);
}

module.exports = { runSolanaCosmjsScenario };
