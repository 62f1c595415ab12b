// The opt-in copy of the sandbox in this browser's IndexedDB ("Keep the sandbox in this browser").
// Off by default: the sandbox holds secrets (its API private key, wallet mnemonics), and nothing secret
// goes into browser storage unless the reader asks. Used by the worker only.
import type {EmulatorState} from '@sigil/emulator';
import type {SandboxInfo} from './protocol';

const DATABASE = 'sigil-sandbox';
const STORE = 'sandbox';
const KEY = 'kept';

/** What is kept: the sandbox's organization and key, and the emulator's whole state (as JSON text, as its files hold it). */
export interface KeptSandbox {
  info: SandboxInfo;
  state: string;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(DATABASE, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE);
  return request(req);
}

/** Whether the database exists, without creating it (opening would leave an empty database behind). */
async function exists(): Promise<boolean> {
  if (typeof indexedDB.databases !== 'function') return true;
  return (await indexedDB.databases()).some((database) => database.name === DATABASE);
}

async function inStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await open();
  try {
    const transaction = database.transaction(STORE, mode);
    const result = await request(run(transaction.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
    return result;
  } finally {
    database.close();
  }
}

/** The kept sandbox, if the reader chose to keep one (and storage is available). */
export async function loadKept(): Promise<KeptSandbox | undefined> {
  if (typeof indexedDB === 'undefined' || !(await exists())) return undefined;
  return (await inStore('readonly', (store) => store.get(KEY) as IDBRequest<KeptSandbox | undefined>)) ?? undefined;
}

export async function saveKept(info: SandboxInfo, state: EmulatorState): Promise<void> {
  await inStore('readwrite', (store) => store.put({info, state: JSON.stringify(state)} satisfies KeptSandbox, KEY));
}

/** Deletes the whole database, so nothing of the sandbox stays in this browser. */
export async function forgetKept(): Promise<void> {
  if (typeof indexedDB === 'undefined' || !(await exists())) return;
  await new Promise<void>((resolve, reject) => {
    const req = indexedDB.deleteDatabase(DATABASE);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error('IndexedDB delete failed'));
    // Another tab holding it open delays the deletion; it completes when that tab lets go.
    req.onblocked = () => resolve();
  });
}
