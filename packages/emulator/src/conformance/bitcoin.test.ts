// Bitcoin, as the API document and the Bitcoin page have it: `sign_transaction` takes Ethereum and Solana
// transactions only, and a Bitcoin transaction (here a PSBT built with @scure/btc-signer) is signed input by
// input with `sign_raw_payload` over each BIP-143 sighash, as the page's "sign-psbt.ts" does. btc-signer builds, finalizes and re-reads the
// transaction and computes the sighashes the signatures are checked against; @noble/curves verifies them.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { NETWORK, OutScript, p2wpkh, RawWitness, SigHash, Transaction } from '@scure/btc-signer';
import { afterEach, describe, expect, it } from 'vitest';
import { bitcoinSignature } from './docs-bitcoin-signature.test-util.js';
import { createTestContext, type TestContext } from '../core/testing/context.js';

let t: TestContext;
afterEach(async () => t?.close());

type Client = TestContext['root']['client'];

const account = (path: string, addressFormat: string) => ({ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path, addressFormat });
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const bytes = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

/** A wallet with the page's accounts: a receiving and a change P2WPKH address, and the receiving key's compressed public key. */
async function bitcoinWallet(client: Client) {
  const activity = await client.createWallet({
    walletName: 'Bitcoin deposits',
    accounts: [
      account("m/84'/0'/0'/0/0", 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH'),
      account("m/84'/0'/0'/1/0", 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH'),
      account("m/84'/0'/0'/0/0", 'ADDRESS_FORMAT_COMPRESSED'),
    ],
  } as never);
  const [receiving, change, publicKey] = activity.result.createWalletResult!.addresses as [string, string, string];
  return { receiving, change, publicKey: bytes(publicKey) };
}

describe('Bitcoin', () => {
  it('sign_transaction refuses a Bitcoin (or any unlisted) type with code 3 naming the allowed types', async () => {
    t = await createTestContext();
    const { receiving } = await bitcoinWallet(t.root.client);
    const psbt = hex(new Transaction().toPSBT());
    for (const type of ['TRANSACTION_TYPE_BITCOIN', 'TRANSACTION_TYPE_PSBT']) {
      await expect(t.root.client.signTransaction({ signWith: receiving, unsignedTransaction: psbt, type } as never)).rejects.toMatchObject({
        code: 3,
        message: expect.stringMatching(/TRANSACTION_TYPE_ETHEREUM, TRANSACTION_TYPE_SOLANA/),
        details: [expect.objectContaining({ field: 'parameters.type' })],
      });
    }
  });

  it('a P2WPKH PSBT is signed input by input with sign_raw_payload over its BIP-143 sighashes, finalized and verified', async () => {
    t = await createTestContext();
    const { receiving, change, publicKey } = await bitcoinWallet(t.root.client);
    // The emulator's address and btc-signer's for the same key agree.
    const spend = p2wpkh(publicKey, NETWORK);
    expect(spend.address).toBe(receiving);

    // Two coins at the receiving address, spent to the wallet's change address.
    const amounts = [60_000n, 50_000n];
    const unsigned = new Transaction();
    amounts.forEach((amount, index) => unsigned.addInput({ txid: bytes(`${String(index + 1).padStart(2, '0')}${'ab'.repeat(31)}`), index, witnessUtxo: { script: spend.script, amount } }));
    unsigned.addOutputAddress(change, 100_000n, NETWORK);
    // What a signer receives: the PSBT.
    const tx = Transaction.fromPSBT(unsigned.toPSBT());

    // BIP-143 signs the P2PKH script of the key hash for a P2WPKH input.
    const scriptCode = OutScript.encode({ type: 'pkh', hash: spend.hash });
    for (let index = 0; index < tx.inputsLength; index++) {
      const sighash = tx.preimageWitnessV0(index, scriptCode, SigHash.ALL, amounts[index]!);
      expect(sighash).toHaveLength(32);
      const activity = await t.root.client.signRawPayload({ signWith: receiving, payload: hex(sighash), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' } as never);
      const { r, s } = activity.result.signRawPayloadResult! as { r: string; s: string };
      // The page's DER encoding, which must agree with @noble/curves' for the same r and s.
      const signature = bitcoinSignature(r, s);
      expect(hex(signature)).toBe(hex(Uint8Array.from([...secp256k1.Signature.fromBytes(bytes(r + s), 'compact').toBytes('der'), SigHash.ALL])));
      tx.updateInput(index, { partialSig: [[publicKey, signature]] });
    }
    tx.finalize();
    expect(tx.isFinal).toBe(true);

    // The extracted transaction, read back by btc-signer: each witness is [DER signature + SIGHASH_ALL, public key], and the
    // signature verifies (low S, as Bitcoin's standardness rules require) over the sighash btc-signer computes afresh.
    const final = Transaction.fromRaw(tx.extract());
    expect(final.id).toBe(tx.id);
    expect(final.outputsLength).toBe(1);
    expect(final.getOutput(0).amount).toBe(100_000n);
    for (let index = 0; index < final.inputsLength; index++) {
      const witness = final.getInput(index).finalScriptWitness!;
      expect(RawWitness.encode(witness).length).toBeGreaterThan(0);
      const [signature, key] = witness as [Uint8Array, Uint8Array];
      expect(hex(key)).toBe(hex(publicKey));
      expect(signature.at(-1)).toBe(SigHash.ALL);
      const sighash = final.preimageWitnessV0(index, scriptCode, SigHash.ALL, amounts[index]!);
      expect(secp256k1.verify(signature.subarray(0, -1), sighash, key, { prehash: false, format: 'der', lowS: true })).toBe(true);
      // And not over another input's sighash: the check can fail.
      const other = final.preimageWitnessV0(1 - index, scriptCode, SigHash.ALL, amounts[1 - index]!);
      expect(secp256k1.verify(signature.subarray(0, -1), other, key, { prehash: false, format: 'der', lowS: true })).toBe(false);
    }
  });
});
