import { ApiKeyStamper, generateTargetKeyPair, publicKeyFromPrivateKey, type TargetKeyPair } from '@sigil/http';

/** A P-256 key pair for a read-write session, as lowercase hex (the same as `generateTargetKeyPair`'s). */
export type SessionKeyPair = TargetKeyPair;

/** Creates a fresh P-256 key pair to receive a read-write session: `generateTargetKeyPair` under its older name. */
export const createSessionKeyPair = generateTargetKeyPair;

export interface SessionKey {
  apiPublicKey: string;
  apiPrivateKey: string;
  /** When the session ends (ms since the epoch); after that `stamper` is undefined. Default: never. */
  expiresAtMs?: number;
}

/**
 * Holds the keys of one read-write session in memory only (private fields; nothing goes to localStorage,
 * sessionStorage, IndexedDB or cookies), so they disappear with the page.
 *
 * 1. `createTargetKey()` makes the key pair Sigil encrypts the session to; send `targetPublicKey` in
 *    `createReadWriteSession`.
 * 2. Open the returned `credentialBundle` with `decryptCredentialBundle(bundle, targetPrivateKey)`,
 *    then call `setSessionKey()` with the session's API key pair.
 *
 * `startReadWriteSession` does all of this in one call; the store is for flows that keep the keys themselves.
 * 3. Use `stamper` (an `ApiKeyStamper`) for a `SigilClient` until the session expires; `clear()` on sign-out.
 */
export class SessionKeyStore {
  #target: SessionKeyPair | undefined;
  #session: { stamper: ApiKeyStamper; publicKey: string; expiresAtMs: number | undefined } | undefined;
  readonly #now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** Creates (replacing any earlier one) the target key pair and returns its public halves. */
  createTargetKey(): { targetPublicKey: string; publicKeyUncompressed: string } {
    this.#target = createSessionKeyPair();
    return { targetPublicKey: this.#target.targetPublicKey, publicKeyUncompressed: this.#target.publicKeyUncompressed };
  }

  /** The compressed public key to send as `targetPublicKey`, once `createTargetKey()` ran. */
  get targetPublicKey(): string | undefined {
    return this.#target?.targetPublicKey;
  }

  /** The target private key (hex), for decrypting the credential bundle. */
  get targetPrivateKey(): string | undefined {
    return this.#target?.privateKey;
  }

  /** Stores the decrypted session API key; the public key is derived when not given. */
  setSessionKey({ apiPrivateKey, apiPublicKey, expiresAtMs }: Omit<SessionKey, 'apiPublicKey'> & { apiPublicKey?: string }): void {
    const publicKey = apiPublicKey ?? publicKeyFromPrivateKey(apiPrivateKey);
    this.#session = { stamper: new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey }), publicKey, expiresAtMs };
  }

  /** Whether a session key is held and not expired. */
  get hasSession(): boolean {
    return this.stamper !== undefined;
  }

  /** The session's public key, while the session is valid. */
  get sessionPublicKey(): string | undefined {
    return this.stamper ? this.#session?.publicKey : undefined;
  }

  /** An `ApiKeyStamper` for the session key, or undefined when there is none or it expired (then it is dropped). */
  get stamper(): ApiKeyStamper | undefined {
    if (!this.#session) return undefined;
    if (this.#session.expiresAtMs !== undefined && this.#now() >= this.#session.expiresAtMs) {
      this.#session = undefined;
      return undefined;
    }
    return this.#session.stamper;
  }

  /** Forgets every key. */
  clear(): void {
    this.#target = undefined;
    this.#session = undefined;
  }

  toJSON(): { targetPublicKey: string | undefined; hasSession: boolean } {
    // Never serialize key material, even by accident.
    return { targetPublicKey: this.targetPublicKey, hasSession: this.hasSession };
  }
}
