// A real Ethereum chain for the examples that broadcast: ganache's in-process EVM (blocks mined as soon as a
// transaction arrives) behind a JSON-RPC endpoint on a random local port. Two chains, because the pages build
// transactions for two: SEPOLIA_RPC_URL answers chain ID 11155111 (viem's `sepolia`), ETHEREUM_RPC_URL chain ID 1
// (mainnet), so a transaction signed for one is refused by the other, as on the real networks.
import ganache from 'ganache';
import { balanceSlot, TOKEN_RUNTIME } from './evm-token.mjs';

/** The chains and the variables the pages read their RPC URL from. */
export const EVM_CHAINS = [
  { variable: 'SEPOLIA_RPC_URL', chainId: 11_155_111, browserOrigin: 'https://sepolia.rpc.example' },
  { variable: 'ETHEREUM_RPC_URL', chainId: 1, browserOrigin: 'https://ethereum.rpc.example' },
];

async function startOne({ chainId }) {
  const server = ganache.server({
    chain: { chainId, hardfork: 'shanghai' },
    // No prefunded accounts: every balance an example spends was given with fund(), as a faucet gives it.
    wallet: { totalAccounts: 0 },
    logging: { quiet: true },
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, server };
}

async function rpc(provider, method, params = []) {
  return provider.request({ method, params });
}

/**
 * Starts the chains. `env` holds their RPC URLs, `browserOrigins` the https origins browser blocks use for them
 * (https://sepolia.rpc.example, https://ethereum.rpc.example); `fund(address, wei)` adds `wei` to an address's balance on each
 * (as a faucet would); `installToken(token, holder, amount)` puts a token contract there; `balance(address, variable?)`
 * reads a balance (on SEPOLIA_RPC_URL's chain by default); `stop()` closes them.
 */
export async function start() {
  const started = await Promise.all(EVM_CHAINS.map(async (chain) => ({ ...chain, ...(await startOne(chain)) })));
  const env = Object.fromEntries(started.map((chain) => [chain.variable, chain.url]));
  // Browser code (a dapp's provider) names an https RPC, as a page would; the checker's tab sends it here.
  const browserOrigins = Object.fromEntries(started.map((chain) => [chain.browserOrigin, chain.url]));
  const byVariable = (variable) => {
    const chain = started.find((c) => c.variable === variable);
    if (!chain) throw new Error(`no local EVM chain for ${variable}; the chains are ${EVM_CHAINS.map((c) => c.variable).join(', ')}`);
    return chain;
  };
  return {
    env,
    browserOrigins,
    async fund(address, wei) {
      const amount = BigInt(wei);
      if (amount <= 0n) throw new Error(`fund: give a positive amount of wei, not ${wei}`);
      for (const { server } of started) {
        const before = BigInt(await rpc(server.provider, 'eth_getBalance', [address, 'latest']));
        await rpc(server.provider, 'evm_setAccountBalance', [address, `0x${(before + amount).toString(16)}`]);
      }
    },
    /**
     * Puts the test token (evm-token.mjs: transfer, balanceOf, decimals 6) at `token` on each chain and gives
     * `holder` `amount` of its smallest unit, as if the holder had bought some.
     */
    async installToken(token, holder, amount) {
      for (const { server } of started) {
        await rpc(server.provider, 'evm_setAccountCode', [token, `0x${TOKEN_RUNTIME}`]);
        const { slot, value } = balanceSlot(holder, amount);
        await rpc(server.provider, 'evm_setAccountStorageAt', [token, slot, value]);
      }
    },
    async balance(address, variable = 'SEPOLIA_RPC_URL') {
      return BigInt(await rpc(byVariable(variable).server.provider, 'eth_getBalance', [address, 'latest']));
    },
    async stop() {
      await Promise.all(started.map(({ server }) => server.close()));
    },
  };
}
