// The frame's target key: a non-extractable P-256 ECDH key pair kept in this origin's IndexedDB, so it
// survives reloads while no script, the frame's own included, can read the private key out.
//
// Where the browser refuses this origin storage (an incognito window blocks it for frames of another
// site than the page), the pair lives in the frame's memory instead: still non-extractable, it lasts
// until the page reloads, so sign-in still works in that tab.
const DATABASE = 'sigil-iframe-stamper';
const STORE = 'target-keys';
const inMemory = new Map<string, CryptoKeyPair>();
let storageRefused = false;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  });
}

async function transact<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    db.close();
  }
}

export async function loadTargetKey(name: string): Promise<CryptoKeyPair | undefined> {
  if (!storageRefused) {
    try {
      return await transact<CryptoKeyPair | undefined>('readonly', (store) => store.get(name) as IDBRequest<CryptoKeyPair | undefined>);
    } catch {
      storageRefused = true;
    }
  }
  return inMemory.get(name);
}

/** The stored key pair of this frame kind, or a new one stored now. */
export async function loadOrCreateTargetKey(name: string): Promise<CryptoKeyPair> {
  const existing = await loadTargetKey(name);
  if (existing) return existing;
  const created = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, false, ['deriveBits']);
  if (storageRefused) inMemory.set(name, created);
  else await transact('readwrite', (store) => store.put(created, name));
  return created;
}

export async function deleteTargetKey(name: string): Promise<void> {
  inMemory.delete(name);
  if (!storageRefused) await transact('readwrite', (store) => store.delete(name));
}

/** The public half as the API takes it: compressed P-256, 66 lowercase hex characters. */
export async function compressedPublicKey(pair: CryptoKeyPair): Promise<string> {
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const prefix = (raw[64]! & 1) === 1 ? '03' : '02';
  return prefix + Array.from(raw.subarray(1, 33), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
