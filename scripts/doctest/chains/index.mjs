// The local chains the examples that broadcast run against. Each module exports `start()`, which resolves to
// `{ env, fund(address, amount), stop() }`: `env` holds the variables the pages read (SEPOLIA_RPC_URL, …), and an
// optional `browserOrigins` maps the https origins browser blocks call (https://sepolia.rpc.example) to the chain.
import * as evm from './evm.mjs';
import * as solana from './solana.mjs';

export const CHAINS = [evm, solana];

/**
 * Starts every chain of `modules`; resolves to `{ env, browserOrigins, get(module), stop() }`, where `env` is all their variables and
 * `get(evm)` the handle one module's start() returned (for its fund()). If one fails to start, the others are stopped.
 */
export async function startChains(modules = CHAINS) {
  const settled = await Promise.allSettled(modules.map((module) => module.start()));
  const handles = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const stop = async () => {
    await Promise.all(handles.map((handle) => handle.stop()));
  };
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const byModule = new Map(modules.map((module, index) => [module, settled[index].value]));
  return {
    env: Object.assign({}, ...handles.map((handle) => handle.env)),
    browserOrigins: Object.assign({}, ...handles.map((handle) => handle.browserOrigins ?? {})),
    get(module) {
      const handle = byModule.get(module);
      if (!handle) throw new Error('that chain was not started');
      return handle;
    },
    stop,
  };
}
