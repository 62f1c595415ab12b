// The sandbox: the emulator core in a Web Worker, its state in this worker's memory only. Started
// by client.ts when a reader picks the sandbox as the request builder's target.
import {createEmulator, type Emulator} from '@sigil/emulator';
import {generateApiKeyPair} from '@sigil/api-key-stamper';
import type {SandboxCall, SandboxInfo, SandboxReply} from './protocol';

// The worker's global scope, typed by the part used here (the site compiles with the DOM library, not WebWorker's).
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SandboxCall>) => void) | null;
  postMessage(reply: SandboxReply): void;
};

interface Sandbox {
  emulator: Emulator;
  info: SandboxInfo;
}

async function start(): Promise<Sandbox> {
  const emulator = createEmulator();
  const keys = generateApiKeyPair();
  const result = await emulator.bootstrap({organizationName: 'Sandbox', userName: 'Sandbox root user', apiPublicKey: keys.publicKey});
  return {emulator, info: {...result, apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey}};
}

let current = start();

async function answer(call: SandboxCall): Promise<SandboxReply> {
  switch (call.type) {
    case 'info':
      return {id: call.id, type: 'info', info: (await current).info};
    case 'request':
      return {id: call.id, type: 'response', response: await (await current).emulator.handle(call.request)};
    case 'reset': {
      const previous = current;
      current = start();
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
