// The sandbox: the emulator core in a Web Worker, its state in this worker's memory, and in this
// browser's IndexedDB only when the reader asks to keep it (store.ts). Started by client.ts when a
// reader picks the sandbox as the request builder's target.
import {createEmulator, type Emulator, type EmulatorState} from '@sigil/emulator';
import {generateApiKeyPair} from '@sigil/api-key-stamper';
import type {SandboxCall, SandboxInfo, SandboxReply} from './protocol';
import {forgetKept, loadKept, saveKept} from './store';

// The worker's global scope, typed by the part used here (the site compiles with the DOM library, not WebWorker's).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SandboxCall>) => void) | null;
  postMessage(reply: SandboxReply): void;
};

interface Sandbox {
  emulator: Emulator;
  info: SandboxInfo;
}

/** How many get_activity reads a new activity answers PENDING before it runs (the reader's choice; 0 by default). */
let pendingPolls = 0;

/** Whether every change is written to IndexedDB before its answer is released. */
let keeping = false;
// Writes run one after another, so an older state never lands after a newer one.
let saving: Promise<void> = Promise.resolve();

function keepNow(sandbox: Sandbox): Promise<void> {
  saving = saving.catch(() => undefined).then(() => saveKept(sandbox.info, sandbox.emulator.exportState()));
  return saving;
}

function stopKeeping(sandbox: Sandbox): void {
  keeping = false;
  sandbox.info = {...sandbox.info, kept: false};
}

function emulatorFor(sandbox: () => Sandbox | undefined, state?: EmulatorState): Emulator {
  return createEmulator({
    ...(state ? {state} : {}),
    pendingPolls,
    onCommit: async () => {
      const current = sandbox();
      if (!keeping || !current) return;
      // Storage that fails (full, or taken away) stops the keeping rather than the sandbox: its state is still in memory.
      await keepNow(current).catch(() => stopKeeping(current));
    },
  });
}

async function fresh(): Promise<Sandbox> {
  let sandbox: Sandbox | undefined;
  const emulator = emulatorFor(() => sandbox);
  const keys = generateApiKeyPair();
  const result = await emulator.bootstrap({organizationName: 'Sandbox', userName: 'Sandbox root user', apiPublicKey: keys.publicKey});
  sandbox = {emulator, info: {...result, apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey, kept: false, pendingPolls}};
  return sandbox;
}

/** The kept sandbox when the reader chose to keep one, else a new one. */
async function start(): Promise<Sandbox> {
  const kept = await loadKept().catch(() => undefined);
  if (!kept) return fresh();
  let sandbox: Sandbox | undefined;
  const emulator = emulatorFor(() => sandbox, JSON.parse(kept.state) as EmulatorState);
  sandbox = {emulator, info: {...kept.info, kept: true, pendingPolls}};
  keeping = true;
  return sandbox;
}

let current = start();

async function answer(call: SandboxCall): Promise<SandboxReply> {
  switch (call.type) {
    case 'info':
      return {id: call.id, type: 'info', info: (await current).info};
    case 'request':
      return {id: call.id, type: 'response', response: await (await current).emulator.handle(call.request)};
    case 'keep': {
      const sandbox = await current;
      if (!call.keep) {
        stopKeeping(sandbox);
        await saving.catch(() => undefined).then(forgetKept);
        return {id: call.id, type: 'info', info: sandbox.info};
      }
      keeping = true;
      sandbox.info = {...sandbox.info, kept: true};
      try {
        await keepNow(sandbox);
      } catch (error) {
        stopKeeping(sandbox);
        await forgetKept().catch(() => undefined);
        throw new Error(`this browser would not store the sandbox (${error instanceof Error ? error.message : String(error)}); it stays in this tab only`);
      }
      return {id: call.id, type: 'info', info: sandbox.info};
    }
    case 'pendingPolls': {
      // The count is fixed when an emulator is made: carry the state over into a new one that uses the new count.
      if (!Number.isInteger(call.polls) || call.polls < 0 || call.polls > 10) throw new Error('pending reads must be a whole number from 0 to 10');
      const sandbox = await current;
      pendingPolls = call.polls;
      const previous = sandbox.emulator;
      sandbox.emulator = emulatorFor(() => sandbox, previous.exportState());
      sandbox.info = {...sandbox.info, pendingPolls};
      await previous.close();
      return {id: call.id, type: 'info', info: sandbox.info};
    }
    case 'reset': {
      // A reset forgets the kept copy too, and keeping stops: the new sandbox lives in memory until the reader opts in again.
      const previous = current;
      keeping = false;
      current = saving
        .catch(() => undefined)
        .then(forgetKept)
        .then(fresh);
      await (await previous.catch(() => undefined))?.emulator.close();
      return {id: call.id, type: 'info', info: (await current).info};
    }
  }
}

scope.onmessage = (event: MessageEvent<SandboxCall>) => {
  const call = event.data;
  answer(call)
    .catch((error: unknown): SandboxReply => ({id: call.id, type: 'error', message: error instanceof Error ? error.message : String(error)}))
    .then((reply) => scope.postMessage(reply));
};
