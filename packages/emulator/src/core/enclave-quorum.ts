// The emulator's stand-in for the enclave quorum key of `x-enclave-quorum`, which signs every
// ImportBundle. Sigil's real key never leaves its enclaves, so the emulator signs with a key of its own:
// derived from a fixed label, so it is the same in every emulator (Node, the docs sandbox, tests) and a
// client can pin it the way it pins Sigil's. Its private key is public by construction; it proves
// nothing outside the emulator.
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const QUORUM_PRIVATE_KEY = sha256(utf8ToBytes('sigil emulator enclave quorum key, v1'));

/** The emulator's enclave quorum public key: uncompressed P-256, 130 lowercase hex characters, as `enclaveQuorumPublic`. */
export const EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY = bytesToHex(p256.getPublicKey(QUORUM_PRIVATE_KEY, false));

/**
 * The `importBundle` string for a one-time key: `data` is the hex of the UTF-8 JSON `ImportBundleData`,
 * `dataSignature` a DER ECDSA P-256 signature over its SHA-256. The signature is left as it comes, high S
 * included, since the document tells clients to verify without a low-S requirement.
 */
export function signedImportBundle(targetPublic: string, organizationId: string, userId: string): string {
  const data = utf8ToBytes(JSON.stringify({ targetPublic, organizationId, userId }));
  const signature = p256.sign(data, QUORUM_PRIVATE_KEY, { lowS: false, format: 'der' });
  return JSON.stringify({
    enclaveQuorumPublic: EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY,
    data: bytesToHex(data),
    dataSignature: bytesToHex(signature),
    version: 'v1.0.0',
  });
}
