// The page's side of the sandbox: one worker per tab, created on first use and shared by every
// request builder the reader opens while navigating the site.
import type {EmulatorRequest, EmulatorResponse} from '@sigil/emulator';
import type {SandboxCall, SandboxInfo, SandboxReply} from './protocol';

type Pending = (reply: SandboxReply) => void;
// Distributes the Omit over the union: each call without its id.
type CallWithoutId = SandboxCall extends infer C ? (C extends SandboxCall ? Omit<C, 'id'> : never) : never;

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function theWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./worker.ts', import.meta.url), {type: 'module', name: 'sigil-sandbox'});
    worker.onmessage = (event: MessageEvent<SandboxReply>) => {
      const resolve = pending.get(event.data.id);
      pending.delete(event.data.id);
      resolve?.(event.data);
    };
    worker.onerror = (event) => {
      // A worker that fails to load or throws at top level: fail every waiting call instead of hanging.
      event.preventDefault();
      for (const [id, resolve] of pending) resolve({id, type: 'error', message: event.message || 'the sandbox worker failed to start'});
      pending.clear();
      worker?.terminate();
      worker = undefined;
    };
  }
  return worker;
}

function call(message: CallWithoutId): Promise<SandboxReply> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    theWorker().postMessage({...message, id} as SandboxCall);
  });
}

function infoOf(reply: SandboxReply): SandboxInfo {
  if (reply.type === 'info') return reply.info;
  throw new Error(reply.type === 'error' ? reply.message : 'unexpected answer from the sandbox');
}

/** Starts the sandbox if needed; its organization and API key. */
export async function sandboxInfo(): Promise<SandboxInfo> {
  return infoOf(await call({type: 'info'}));
}

/** Forgets everything and starts again with a new organization and key. */
export async function resetSandbox(): Promise<SandboxInfo> {
  return infoOf(await call({type: 'reset'}));
}

/** Starts keeping the sandbox in this browser's IndexedDB, or stops and deletes the kept copy. */
export async function keepSandbox(keep: boolean): Promise<SandboxInfo> {
  return infoOf(await call({type: 'keep', keep}));
}

/** Makes new activities answer PENDING for that many get_activity reads (0: they run at once). */
export async function setPendingPolls(polls: number): Promise<SandboxInfo> {
  return infoOf(await call({type: 'pendingPolls', polls}));
}

/** Hands a request to the emulator in the worker. */
export async function sendToSandbox(request: EmulatorRequest): Promise<EmulatorResponse> {
  const reply = await call({type: 'request', request});
  if (reply.type === 'response') return reply.response;
  throw new Error(reply.type === 'error' ? reply.message : 'unexpected answer from the sandbox');
}

/** What end-to-end tests and the emulator benchmark call on the page (test builds only). */
export interface SandboxTestHook {
  handle: typeof sendToSandbox;
  info: typeof sandboxInfo;
  reset: typeof resetSandbox;
}

declare const SIGIL_SANDBOX_TEST_HOOK: boolean;

// Test builds (SIGIL_TEST_FIXTURES=1) only: the conformance suite and the benchmark reach the same
// worker the request builder uses without going through its form. The plugin defines the constant
// false in every other build, so the minifier drops this block and production pages carry no hook.
if (SIGIL_SANDBOX_TEST_HOOK && typeof window !== 'undefined') {
  (window as unknown as {__sigilSandbox: SandboxTestHook}).__sigilSandbox = {handle: sendToSandbox, info: sandboxInfo, reset: resetSandbox};
}
