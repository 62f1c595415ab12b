// The encrypted bundles of the API document's `x-bundle-format`: HPKE (RFC 9180) base mode,
// DHKEM(P-256, HKDF-SHA256), HKDF-SHA256, AES-256-GCM, empty info and AAD, written as lowercase hex of
// the 65-byte encapsulated key followed by the ciphertext. HPKE itself is @hpke/core's (WebCrypto, so it
// runs in browsers and Node alike); the P-256 point and signature work is @noble/curves'.
import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { p256 } from '@noble/curves/nist.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';

const ENC_LENGTH = 65;
const TAG_LENGTH = 16;

let suite: CipherSuite | undefined;
// Made on first use: building it touches WebCrypto, which a module import should not.
const hpke = (): CipherSuite => (suite ??= new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() }));

/** A bundle that cannot be opened or built: the message says which check failed. */
export class BundleError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BundleError';
  }
}

/** A P-256 key pair to receive a bundle: send `targetPublicKey`, keep `privateKey` on the device that decrypts. */
export interface TargetKeyPair {
  /** 64 lowercase hex characters. Keep it in memory only. */
  privateKey: string;
  /** Compressed public key, 66 hex characters: the `targetPublicKey` the API takes. */
  targetPublicKey: string;
  /** The same public key uncompressed (`04` + X + Y, 130 hex characters), for libraries that want that form. */
  publicKeyUncompressed: string;
}

/** Creates a fresh P-256 key pair for one bundle (a session, a sign-in, an export). */
export function generateTargetKeyPair(): TargetKeyPair {
  const { secretKey } = p256.keygen();
  return {
    privateKey: bytesToHex(secretKey),
    targetPublicKey: bytesToHex(p256.getPublicKey(secretKey, true)),
    publicKeyUncompressed: bytesToHex(p256.getPublicKey(secretKey, false)),
  };
}

function hex(value: string, what: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(value)) throw new BundleError(`${what} is not hexadecimal`);
  return hexToBytes(value);
}

/** Opens any bundle with the target private key (hex) and returns the plaintext bytes. */
export async function decryptBundle(bundleHex: string, targetPrivateKey: string): Promise<Uint8Array> {
  const bundle = hex(bundleHex.trim(), 'The bundle');
  if (bundle.length < ENC_LENGTH + TAG_LENGTH) throw new BundleError('The bundle is shorter than an encapsulated key and an AES-GCM tag');
  const keyBytes = hex(targetPrivateKey, 'The target private key');
  if (keyBytes.length !== 32) throw new BundleError('The target private key must be 32 bytes (64 hex characters)');
  const recipientKey = await hpke().kem.deserializePrivateKey(keyBytes.slice().buffer);
  try {
    const plaintext = await hpke().open({ recipientKey, enc: bundle.slice(0, ENC_LENGTH).buffer }, bundle.slice(ENC_LENGTH).buffer);
    return new Uint8Array(plaintext);
  } catch (error) {
    throw new BundleError('The bundle does not open with this key: it was made for another target key, or changed on the way', { cause: error });
  }
}

/** A session or sign-in credential: the API key pair to stamp with. */
export interface DecryptedCredential {
  /** 64 hex characters. */
  apiPrivateKey: string;
  /** Compressed, 66 hex characters. */
  apiPublicKey: string;
}

/**
 * Opens a `credentialBundle` (`create_read_write_session`, `otp_auth`, `oauth`) or the bundle of a
 * sign-in or recovery email, and returns the API key pair inside, ready for an `ApiKeyStamper`.
 */
export async function decryptCredentialBundle(credentialBundle: string, targetPrivateKey: string): Promise<DecryptedCredential> {
  const key = await decryptBundle(credentialBundle, targetPrivateKey);
  if (key.length !== 32) throw new BundleError(`A credential bundle holds a 32-byte private key, this one ${key.length} bytes`);
  return { apiPrivateKey: bytesToHex(key), apiPublicKey: bytesToHex(p256.getPublicKey(key, true)) };
}

/** What an export or import bundle carries: a wallet's mnemonic, or one private key. */
export type SecretKind = 'mnemonic' | 'privateKey';

/**
 * Opens an `exportBundle`: `export_wallet`'s holds the mnemonic (returned as text), those of
 * `export_wallet_account` and `export_private_key` a 32-byte private key (returned as 64 hex characters).
 */
export async function decryptExportBundle(exportBundle: string, targetPrivateKey: string, kind: SecretKind): Promise<string> {
  const plaintext = await decryptBundle(exportBundle, targetPrivateKey);
  if (kind === 'mnemonic') return new TextDecoder('utf-8', { fatal: true }).decode(plaintext);
  if (plaintext.length !== 32) throw new BundleError(`An exported private key is 32 bytes, this one ${plaintext.length} bytes`);
  return bytesToHex(plaintext);
}

/** The `data` of an `ImportBundle`, once its signature is checked. */
export interface ImportBundleData {
  /** The enclave's one-time key, uncompressed P-256 hex. */
  targetPublic: string;
  organizationId: string;
  userId: string;
}

export interface EncryptImportBundleInput {
  /** `importBundle` from `init_import_wallet` or `init_import_private_key`, as it came. */
  importBundle: string;
  /** A mnemonic (text) or a private key (64 hex characters), per `kind`. */
  secret: string;
  kind: SecretKind;
  /**
   * The enclave quorum public keys you pinned (uncompressed hex; during a rotation the current and the
   * announced one). The bundle's own key proves nothing until it matches one of these.
   */
  enclaveQuorumPublicKeys: readonly string[];
  /** The organization and user the import is for: the bundle must name them. */
  organizationId: string;
  userId: string;
}

/** Checks an `ImportBundle`'s signature against the pinned quorum keys and that it names the expected organization and user. */
export function verifyImportBundle(
  importBundle: string,
  expected: Pick<EncryptImportBundleInput, 'enclaveQuorumPublicKeys' | 'organizationId' | 'userId'>,
): ImportBundleData {
  let bundle: { enclaveQuorumPublic?: unknown; dataSignature?: unknown; data?: unknown };
  try {
    bundle = JSON.parse(importBundle) as typeof bundle;
  } catch (error) {
    throw new BundleError('The importBundle is not JSON', { cause: error });
  }
  const { enclaveQuorumPublic, dataSignature, data } = bundle;
  if (typeof enclaveQuorumPublic !== 'string' || typeof dataSignature !== 'string' || typeof data !== 'string') {
    throw new BundleError('The importBundle lacks enclaveQuorumPublic, dataSignature or data');
  }
  const pinned = expected.enclaveQuorumPublicKeys.map((key) => key.toLowerCase());
  if (!pinned.includes(enclaveQuorumPublic.toLowerCase())) {
    throw new BundleError(`The importBundle is signed by ${enclaveQuorumPublic}, which is not one of the pinned enclave quorum keys`);
  }
  const dataBytes = hex(data, 'The importBundle data');
  let signatureOk = false;
  try {
    // The document's signature is DER over the SHA-256 of data, with no low-S rule.
    signatureOk = p256.verify(hex(dataSignature, 'The importBundle signature'), dataBytes, hex(enclaveQuorumPublic, 'enclaveQuorumPublic'), {
      format: 'der',
      lowS: false,
    });
  } catch (error) {
    if (error instanceof BundleError) throw error;
    signatureOk = false;
  }
  if (!signatureOk) throw new BundleError('The importBundle signature does not verify against its enclave quorum key');
  const target = JSON.parse(new TextDecoder().decode(dataBytes)) as ImportBundleData;
  if (target.organizationId !== expected.organizationId || target.userId !== expected.userId) {
    throw new BundleError(`The importBundle was issued for organization ${target.organizationId}, user ${target.userId}, not the expected ones`);
  }
  return target;
}

/**
 * Verifies the `importBundle` (pinned quorum key, signature, organization and user), then encrypts the
 * secret to its one-time enclave key. The result is the `encryptedBundle` of `import_wallet` or
 * `import_private_key`.
 */
export async function encryptImportBundle(input: EncryptImportBundleInput): Promise<string> {
  const target = verifyImportBundle(input.importBundle, input);
  let plaintext: Uint8Array;
  if (input.kind === 'mnemonic') {
    plaintext = new TextEncoder().encode(input.secret.trim());
  } else {
    plaintext = hex(input.secret.trim().replace(/^0x/i, ''), 'The private key');
    if (plaintext.length !== 32) throw new BundleError('The private key must be 32 bytes (64 hex characters)');
  }
  const recipientPublicKey = await hpke().kem.deserializePublicKey(hex(target.targetPublic, 'targetPublic').slice().buffer);
  const { enc, ct } = await hpke().seal({ recipientPublicKey }, plaintext.slice().buffer);
  return bytesToHex(concatBytes(new Uint8Array(enc), new Uint8Array(ct)));
}
