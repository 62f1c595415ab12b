import { Contract, JsonRpcProvider, Wallet, parseEther, parseUnits } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChains } from './chains/index.mjs';
import * as evm from './chains/evm.mjs';
import { EXAMPLE_TOKEN_ADDRESS } from './setups.mjs';

let chains: Awaited<ReturnType<typeof startChains>>;
beforeAll(async () => {
  chains = await startChains();
}, 30_000);
afterAll(async () => chains?.stop());

const rpc = async (url: string, method: string, params: unknown[] = []) => {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await response.json()) as { result: unknown }).result;
};

describe('the local EVM chains', () => {
  it('answer SEPOLIA_RPC_URL as chain 11155111 and ETHEREUM_RPC_URL as chain 1, and map the browser origins to them', async () => {
    expect(await rpc(chains.env.SEPOLIA_RPC_URL!, 'eth_chainId')).toBe('0xaa36a7');
    expect(await rpc(chains.env.ETHEREUM_RPC_URL!, 'eth_chainId')).toBe('0x1');
    expect(chains.browserOrigins).toEqual({ 'https://sepolia.rpc.example': chains.env.SEPOLIA_RPC_URL, 'https://ethereum.rpc.example': chains.env.ETHEREUM_RPC_URL });
  });

  it('fund adds to a balance on both chains; a transfer signed by the funded key is executed and moves it', async () => {
    const sender = Wallet.createRandom();
    const chain = chains.get(evm);
    await chain.fund(sender.address, parseEther('1'));
    await chain.fund(sender.address, parseEther('1'));
    expect(await chain.balance(sender.address)).toBe(parseEther('2'));
    expect(await chain.balance(sender.address, 'ETHEREUM_RPC_URL')).toBe(parseEther('2'));
    await expect(chain.fund(sender.address, 0n)).rejects.toThrow(/positive amount/);
    const provider = new JsonRpcProvider(chains.env.SEPOLIA_RPC_URL, undefined, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
    try {
      const recipient = Wallet.createRandom().address;
      const receipt = await (await sender.connect(provider).sendTransaction({ to: recipient, value: 12345n })).wait();
      expect(receipt?.status).toBe(1);
      expect(await chain.balance(recipient)).toBe(12345n);
    } finally {
      provider.destroy();
    }
  });

  it('installToken puts a token there: balanceOf, decimals, transfer with a Transfer event, a revert beyond the balance', async () => {
    const holder = Wallet.createRandom();
    const chain = chains.get(evm);
    await chain.fund(holder.address, parseEther('1'));
    await chain.installToken(EXAMPLE_TOKEN_ADDRESS, holder.address, parseUnits('1000', 6));
    const provider = new JsonRpcProvider(chains.env.SEPOLIA_RPC_URL, undefined, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
    try {
      const abi = ['function transfer(address to, uint256 amount) returns (bool)', 'function balanceOf(address) view returns (uint256)', 'function decimals() view returns (uint8)', 'event Transfer(address indexed from, address indexed to, uint256 value)'];
      const token = new Contract(EXAMPLE_TOKEN_ADDRESS, abi, holder.connect(provider));
      const to = Wallet.createRandom().address;
      expect(await token.getFunction('decimals')()).toBe(6n);
      expect(await token.getFunction('transfer').staticCall(to, 1n)).toBe(true);
      const receipt = await (await token.getFunction('transfer')(to, parseUnits('25', 6))).wait();
      expect(receipt.logs.map((log: Parameters<typeof token.interface.parseLog>[0]) => token.interface.parseLog(log)?.args.toArray())).toEqual([[holder.address, to, parseUnits('25', 6)]]);
      expect(await token.getFunction('balanceOf')(holder.address)).toBe(parseUnits('975', 6));
      expect(await token.getFunction('balanceOf')(to)).toBe(parseUnits('25', 6));
      await expect(token.getFunction('transfer')(to, parseUnits('976', 6))).rejects.toMatchObject({ code: 'CALL_EXCEPTION' });
    } finally {
      provider.destroy();
    }
  });
});
