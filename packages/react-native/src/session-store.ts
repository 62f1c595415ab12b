import { ApiKeyStamper, BundleError, generateTargetKeyPair, type StampResult } from '@sigil/http';
import * as Keychain from 'react-native-keychain';
import { openCredentialBundle } from './credential-bundle.js';
import { SessionStoreError } from './errors.js';

export interface SecureSessionStoreOptions {
  /** Names the store's entries in the Keychain (iOS) or the Keystore-encrypted storage (Android), e.g. `com.example.wallet.sigil`. */
  service: string;
  /** Clock in milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
}

interface StoredTarget {
  privateKey: string;
  targetPublicKey: string;
}

interface StoredSession {
  apiPublicKey: string;
  apiPrivateKey: string;
  expiresAtMs: number;
}

// Neither key may leave the device: no iCloud Keychain sync, no backup, readable only while the device is unlocked.
const ACCESSIBLE = Keychain.ACCESSIBLE.WHEN_UNLOCKED_THIS_DEVICE_ONLY;

/** Lets `createSessionClient` stamp with a store's session key without making the key readable from outside. */
let stamperOf: (store: SecureSessionStore) => { stamp(body: string): Promise<StampResult> };

/**
 * Keeps one read-write session's keys in the platform's secure storage through `react-native-keychain`:
 * the iOS Keychain, or on Android storage encrypted with a key in the Android Keystore. The session
 * survives an app restart until `expiresAtMs`.
 *
 * 1. `createTargetKey()`, and send `targetPublicKey` in `createReadWriteSession`.
 * 2. `setCredentialBundle(credentialBundle, {expiresAtMs})` opens the bundle with the target key and stores the session key.
 * 3. `createSessionClient({store, organizationId})` stamps with it; `clear()` on sign-out.
 */
export class SecureSessionStore {
  readonly service: string;
  readonly #now: () => number;
  readonly #targetService: string;
  readonly #sessionService: string;
  /** The session as last read or written, so each request does not go back to the Keychain. */
  #cached: { session: StoredSession; stamper: ApiKeyStamper } | undefined;

  static {
    stamperOf = (store) => ({ stamp: (body) => store.#stamp(body) });
  }

  constructor({ service, now = Date.now }: SecureSessionStoreOptions) {
    if (typeof service !== 'string' || service === '') throw new TypeError('SecureSessionStore needs a service name, e.g. com.example.wallet.sigil');
    this.service = service;
    this.#now = now;
    this.#targetService = `${service}.target-key`;
    this.#sessionService = `${service}.session-key`;
  }

  /**
   * Creates a P-256 target key pair (replacing any earlier one), keeps its private key in secure storage and
   * returns the public key to send as `targetPublicKey`.
   */
  async createTargetKey(): Promise<{ targetPublicKey: string; publicKeyUncompressed: string }> {
    const { privateKey, targetPublicKey, publicKeyUncompressed } = generateTargetKeyPair();
    await this.#write(this.#targetService, { privateKey, targetPublicKey } satisfies StoredTarget);
    return { targetPublicKey, publicKeyUncompressed };
  }

  /**
   * Opens a `credentialBundle` (of `create_read_write_session`, `otp_auth` or `oauth`) with the stored target
   * key, stores the session key it holds until `expiresAtMs`, and deletes the target key, which has done its
   * one job. Throws `BundleError` when the bundle was made for another key or is malformed, and
   * `SessionStoreError` (`'no-target-key'`) before `createTargetKey()`.
   */
  async setCredentialBundle(bundle: string, { expiresAtMs }: { expiresAtMs: number }): Promise<void> {
    if (!Number.isFinite(expiresAtMs)) throw new TypeError('setCredentialBundle needs expiresAtMs, milliseconds since the epoch');
    const target = await this.#read<StoredTarget>(this.#targetService);
    if (!target) throw new SessionStoreError('no-target-key', 'No target key is stored: call createTargetKey() and create the session for its targetPublicKey first');
    if (typeof bundle !== 'string') throw new BundleError('The credential bundle must be a hex string');
    const { apiPublicKey, apiPrivateKey } = openCredentialBundle(bundle, target.privateKey);
    const session: StoredSession = { apiPublicKey, apiPrivateKey, expiresAtMs };
    await this.#write(this.#sessionService, session);
    this.#cached = { session, stamper: new ApiKeyStamper({ apiPublicKey, apiPrivateKey }) };
    await Keychain.resetGenericPassword({ service: this.#targetService });
  }

  /** Whether an unexpired session key is stored; an expired one is deleted. */
  async hasSession(): Promise<boolean> {
    return (await this.#session()) !== undefined;
  }

  /** Deletes the target key and the session key. */
  async clear(): Promise<void> {
    this.#cached = undefined;
    await Keychain.resetGenericPassword({ service: this.#targetService });
    await Keychain.resetGenericPassword({ service: this.#sessionService });
  }

  toJSON(): { service: string } {
    // Never serialize key material, even by accident.
    return { service: this.service };
  }

  async #session(): Promise<{ session: StoredSession; stamper: ApiKeyStamper } | undefined> {
    if (!this.#cached) {
      const session = await this.#read<StoredSession>(this.#sessionService);
      if (session) this.#cached = { session, stamper: new ApiKeyStamper({ apiPublicKey: session.apiPublicKey, apiPrivateKey: session.apiPrivateKey }) };
    }
    if (this.#cached && this.#now() >= this.#cached.session.expiresAtMs) {
      this.#cached = undefined;
      await Keychain.resetGenericPassword({ service: this.#sessionService });
    }
    return this.#cached;
  }

  async #stamp(body: string): Promise<StampResult> {
    const current = await this.#session();
    if (!current) throw new SessionStoreError('no-session', 'No unexpired session key is stored: start a session (createTargetKey, createReadWriteSession, setCredentialBundle) first');
    return current.stamper.stamp(body);
  }

  async #read<T>(service: string): Promise<T | undefined> {
    const stored = await Keychain.getGenericPassword({ service });
    if (!stored) return undefined;
    try {
      return JSON.parse(stored.password) as T;
    } catch {
      // Not written by this store (or cut short): treat it as absent rather than stamp with garbage.
      await Keychain.resetGenericPassword({ service });
      return undefined;
    }
  }

  async #write(service: string, value: StoredTarget | StoredSession): Promise<void> {
    let saved: false | Keychain.Result;
    try {
      saved = await Keychain.setGenericPassword('sigil', JSON.stringify(value), { service, accessible: ACCESSIBLE });
    } catch (error) {
      throw new SessionStoreError('storage-failed', `The secure store refused to save the key: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!saved) throw new SessionStoreError('storage-failed', 'The secure store refused to save the key');
  }
}

/** The stamper `createSessionClient` uses: the store's session key, read from secure storage once. */
export function sessionStamper(store: SecureSessionStore): { stamp(body: string): Promise<StampResult> } {
  if (!(store instanceof SecureSessionStore)) throw new TypeError('createSessionClient needs a SecureSessionStore as store');
  return stamperOf(store);
}
