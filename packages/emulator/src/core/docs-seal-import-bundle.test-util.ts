// The import-bundle code of the docs (website/docs/features/import-wallets.mdx, "import-mnemonic.ts";
// the enclave secure channels page has the same steps), copied unchanged but for formatting, so the
// emulator's tests verify and encrypt to importBundles the way a reader's app does.
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';

const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** Checks the importBundle and encrypts `secret` to its one-time enclave key. */
export async function sealToImportBundle(
  importBundle: string,
  secret: Uint8Array,
  expected: { enclaveQuorumPublicKeys: readonly string[]; organizationId: string; userId: string },
): Promise<string> {
  const bundle = JSON.parse(importBundle) as { enclaveQuorumPublic: string; dataSignature: string; data: string };
  if (!expected.enclaveQuorumPublicKeys.includes(bundle.enclaveQuorumPublic)) throw new Error('Unexpected enclave quorum key');
  const data = hexToBytes(bundle.data);
  const signatureOk = p256.verify(hexToBytes(bundle.dataSignature), data, hexToBytes(bundle.enclaveQuorumPublic), {
    format: 'der',
    lowS: false,
  });
  if (!signatureOk) throw new Error('importBundle signature does not verify');
  const target = JSON.parse(new TextDecoder().decode(data)) as { targetPublic: string; organizationId: string; userId: string };
  if (target.organizationId !== expected.organizationId || target.userId !== expected.userId) {
    throw new Error('importBundle was issued for another organization or user');
  }
  const recipientPublicKey = await suite.kem.deserializePublicKey(hexToBytes(target.targetPublic));
  const { enc, ct } = await suite.seal({ recipientPublicKey }, secret);
  return bytesToHex(concatBytes(new Uint8Array(enc), new Uint8Array(ct)));
}
