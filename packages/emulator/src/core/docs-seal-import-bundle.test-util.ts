// How the docs seal imports: the import pages call the SDK's encryptImportBundle (@sigil/http), which
// verifies the importBundle and encrypts to its one-time enclave key, so the emulator's tests produce
// every encryptedBundle with the code a reader's app runs. This keeps the bytes-in signature the tests use.
import { bytesToHex } from '@noble/hashes/utils.js';
import { encryptImportBundle } from '@sigil/http';

/** Checks the importBundle and encrypts `secret` (a 32-byte private key, or a mnemonic's UTF-8) to its one-time enclave key. */
export function sealToImportBundle(
  importBundle: string,
  secret: Uint8Array,
  expected: { enclaveQuorumPublicKeys: readonly string[]; organizationId: string; userId: string },
): Promise<string> {
  // A mnemonic of 12 words or more is longer than 32 bytes, so the length tells the two kinds apart.
  const privateKey = secret.length === 32;
  return encryptImportBundle({
    importBundle,
    secret: privateKey ? bytesToHex(secret) : new TextDecoder().decode(secret),
    kind: privateKey ? 'privateKey' : 'mnemonic',
    ...expected,
  });
}
