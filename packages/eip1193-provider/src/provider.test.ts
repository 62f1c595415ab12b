import { createServer } from 'node:net';
import { ActivityTimeoutError, SigilRequestError, waitForActivity } from '@sigil/http';
import { startTestEmulator } from '@sigil/emulator/testing';
import { SigilActivityError } from '@sigil/viem';
import { BrowserProvider, Transaction, verifyMessage } from 'ethers';
import { createPublicClient, createWalletClient, custom, http, parseEther, recoverTypedDataAddress, toHex } from 'viem';
import { sepolia } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startEvmChains, type EvmChains } from '../../../scripts/doctest/chains/evm.mjs';
import { BOT_LIMITS, startSigilFixture, type SigilFixture } from '../../viem/test/sigil-fixture.js';
import { ProviderRpcError, createEIP1193Provider, type Chain, type SigilEIP1193Provider } from './index.js';
import { toProviderRpcError } from './errors.js';

let f: SigilFixture;
let chains: EvmChains;
let sepoliaChain: Chain;
let mainnetChain: Chain;
beforeAll(async () => {
  [f, chains] = await Promise.all([startSigilFixture(), startEvmChains()]);
  sepoliaChain = { chainId: '0xaa36a7', chainName: 'Sepolia', rpcUrls: [chains.env.SEPOLIA_RPC_URL!] };
  mainnetChain = { chainId: '0x1', chainName: 'Ethereum', rpcUrls: [chains.env.ETHEREUM_RPC_URL!] };
  await chains.fund(f.ethereumAddress, parseEther('1'));
}, 30_000);
afterAll(async () => {
  await Promise.all([f?.close(), chains?.stop()]);
});

const recipient = '0x7a3f9c2b8d4e1f6a5b0c9d8e7f6a5b4c3d2e1f0a';
const provider = (client = f.client, list: Chain[] = [sepoliaChain, mainnetChain]) => createEIP1193Provider({ client, walletId: f.walletId, chains: list });

async function rpcError(promise: Promise<unknown>): Promise<ProviderRpcError> {
  const error = await promise.then(() => expect.fail('expected a ProviderRpcError'), (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderRpcError);
  return error as ProviderRpcError;
}

/** A local port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('accounts, chains and events', () => {
  it('eth_requestAccounts lists the wallet\'s Ethereum accounts only, and announces them with accountsChanged', async () => {
    const p = await provider();
    const announced: unknown[] = [];
    p.on('accountsChanged', (accounts) => announced.push(accounts));
    const before = f.emulator.requests.length;
    expect(await p.request({ method: 'eth_accounts' })).toEqual([]);
    expect(f.emulator.requests.length).toBe(before);
    expect(await p.request({ method: 'eth_requestAccounts' })).toEqual([f.ethereumAddress]);
    expect(JSON.parse(f.emulator.requests.at(-1)!.body)).toMatchObject({ walletId: f.walletId });
    expect(await p.request({ method: 'eth_accounts' })).toEqual([f.ethereumAddress]);
    expect(announced).toEqual([[f.ethereumAddress]]);
  });

  it('reports and switches the chain among chains (chainChanged); an unknown one is 4902; wallet_addEthereumChain adds one', async () => {
    const p = await provider(f.client, [sepoliaChain]);
    const changes: string[] = [];
    const onChange = (chainId: string) => changes.push(chainId);
    p.on('chainChanged', onChange);
    expect(await p.request({ method: 'eth_chainId' })).toBe('0xaa36a7');
    expect((await rpcError(p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))).code).toBe(4902);
    expect(await p.request({ method: 'wallet_addEthereumChain', params: [mainnetChain] })).toBeNull();
    expect(await p.request({ method: 'eth_chainId' })).toBe('0x1');
    expect(await p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xAA36A7' }] })).toBeNull();
    p.removeListener('chainChanged', onChange);
    await p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(changes).toEqual(['0x1', '0xaa36a7']);
    // A chain whose RPC answers for another chain ID is not added.
    const wrong = await rpcError(p.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x5', rpcUrls: [chains.env.SEPOLIA_RPC_URL] }] }));
    expect(wrong.code).toBe(-32602);
  });

  it('forwards read methods to the active chain\'s RPC and emits connect on the first answer', async () => {
    const p = await provider();
    const connects: unknown[] = [];
    p.on('connect', (info) => connects.push(info));
    expect(await p.request({ method: 'eth_getBalance', params: [f.ethereumAddress, 'latest'] })).toMatch(/^0x[0-9a-f]+$/);
    expect(await p.request({ method: 'eth_blockNumber' })).toMatch(/^0x/);
    expect(connects).toEqual([{ chainId: '0xaa36a7' }]);
    // The node's own errors keep its code and message, and the node's error object is the cause.
    const direct = await fetch(chains.env.SEPOLIA_RPC_URL!, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'no_such_method', params: [] }) });
    const { error: nodeError } = (await direct.json()) as { error: { code: number; message: string } };
    const forwarded = await rpcError(p.request({ method: 'no_such_method' }));
    expect([forwarded.code, forwarded.message]).toEqual([nodeError.code, nodeError.message]);
    expect(forwarded.data?.cause).toMatchObject(nodeError);
  });

  it('an RPC that cannot be reached is 4900 with a disconnect event; one for another chain is 4901', async () => {
    const unreachable = await provider(f.client, [{ chainId: '0xaa36a7', rpcUrls: [`http://127.0.0.1:${await closedPort()}`] }]);
    const disconnects: ProviderRpcError[] = [];
    unreachable.on('disconnect', (error) => disconnects.push(error));
    expect((await rpcError(unreachable.request({ method: 'eth_blockNumber' }))).code).toBe(4900);
    expect(disconnects.map((e) => e.code)).toEqual([4900]);
    const mislabelled = await provider(f.client, [{ chainId: '0x1', rpcUrls: [chains.env.SEPOLIA_RPC_URL!] }]);
    expect((await rpcError(mislabelled.request({ method: 'eth_blockNumber' }))).code).toBe(4901);
  });

  it('rejects options it cannot use with a TypeError', async () => {
    await expect(createEIP1193Provider({ client: f.client, walletId: f.walletId, chains: [] })).rejects.toThrow(TypeError);
    await expect(createEIP1193Provider({ client: f.client, walletId: f.walletId, chains: [{ chainId: 'sepolia', rpcUrls: ['http://x'] }] })).rejects.toThrow(/hex chain ID/);
  });
});

describe('signing, verified by viem and ethers', () => {
  it('personal_sign: hex and text messages, EIP-191', async () => {
    const p = await provider();
    const hex = (await p.request({ method: 'personal_sign', params: ['0x48656c6c6f', f.ethereumAddress] })) as string;
    expect(verifyMessage('Hello', hex)).toBe(f.ethereumAddress);
    const text = (await p.request({ method: 'personal_sign', params: ['Sign in to Example', f.ethereumAddress.toLowerCase()] })) as string;
    expect(verifyMessage('Sign in to Example', text)).toBe(f.ethereumAddress);
  });

  it('eth_signTypedData_v4: the JSON a dapp sends, EIP712Domain included', async () => {
    const p = await provider();
    const typed = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
        Order: [{ name: 'maker', type: 'address' }, { name: 'amount', type: 'uint256' }],
      },
      primaryType: 'Order',
      domain: { name: 'Example', chainId: 11155111 },
      message: { maker: recipient, amount: '1000' },
    } as const;
    const signature = (await p.request({ method: 'eth_signTypedData_v4', params: [f.ethereumAddress, JSON.stringify(typed)] })) as `0x${string}`;
    const { EIP712Domain: _domain, ...types } = typed.types;
    expect(await recoverTypedDataAddress({ domain: typed.domain, types, primaryType: 'Order', message: { maker: recipient, amount: 1000n }, signature })).toBe(f.ethereumAddress);
  });

  it('eth_signTransaction fills nonce, gas and fees from the chain and signs with sign_transaction', async () => {
    const p = await provider();
    const signed = (await p.request({ method: 'eth_signTransaction', params: [{ from: f.ethereumAddress, to: recipient, value: '0x1' }] })) as string;
    const tx = Transaction.from(signed);
    expect(tx.from).toBe(f.ethereumAddress);
    expect([tx.type, tx.chainId, tx.value, tx.gasLimit > 0n, tx.maxFeePerGas! > 0n]).toEqual([2, 11155111n, 1n, true, true]);
  });

  it('eth_sendTransaction broadcasts on the chain: the balance moves; viem\'s custom transport and ethers\' BrowserProvider work over it', async () => {
    const p = await provider();
    const reader = createPublicClient({ chain: sepolia, transport: http(chains.env.SEPOLIA_RPC_URL) });
    const before = await reader.getBalance({ address: recipient });
    const hash = (await p.request({ method: 'eth_sendTransaction', params: [{ from: f.ethereumAddress, to: recipient, value: toHex(1000n) }] })) as `0x${string}`;
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe('success');
    const wallet = createWalletClient({ account: f.ethereumAddress, chain: sepolia, transport: custom(p) });
    const viaViem = await wallet.sendTransaction({ to: recipient, value: 2000n });
    expect((await reader.waitForTransactionReceipt({ hash: viaViem })).status).toBe('success');
    const signer = await new BrowserProvider(p).getSigner(f.ethereumAddress);
    const viaEthers = await signer.sendTransaction({ to: recipient, value: 3000n });
    expect((await viaEthers.wait())?.status).toBe(1);
    expect(await reader.getBalance({ address: recipient })).toBe(before + 6000n);
  });
});

describe('errors as ProviderRpcError codes', () => {
  it('4200 for eth_sign and the old typed-data methods', async () => {
    const p = await provider();
    for (const method of ['eth_sign', 'eth_signTypedData', 'eth_signTypedData_v3']) {
      expect((await rpcError(p.request({ method, params: [f.ethereumAddress, '0x00'] }))).code).toBe(4200);
    }
  });

  it('4100 for an address not in the wallet, and for a transaction no policy allows (data.cause: SigilRequestError code 7)', async () => {
    const p = await provider();
    expect((await rpcError(p.request({ method: 'personal_sign', params: ['0x00', recipient] }))).code).toBe(4100);
    const bot = await provider(f.bot);
    const denied = await rpcError(bot.request({ method: 'eth_signTransaction', params: [{ from: f.ethereumAddress, to: recipient, value: toHex(BOT_LIMITS.DENIED_FROM) }] }));
    expect(denied.code).toBe(4100);
    expect(denied.data?.cause).toBeInstanceOf(SigilRequestError);
    expect(denied.data?.cause).toMatchObject({ code: 7 });
  });

  it('-32603 for an activity that waits for approvals (data.cause: SigilActivityError CONSENSUS_NEEDED)', async () => {
    const bot = await provider(f.bot);
    const waiting = await rpcError(bot.request({ method: 'eth_signTransaction', params: [{ from: f.ethereumAddress, to: recipient, value: toHex(BOT_LIMITS.ALLOWED + 1n) }] }));
    expect(waiting.code).toBe(-32603);
    expect(waiting.data?.cause).toBeInstanceOf(SigilActivityError);
    expect(waiting.data?.cause).toMatchObject({ outcome: 'CONSENSUS_NEEDED' });
  });

  it('-32602 for malformed parameters, before anything is signed', async () => {
    const p = await provider();
    const before = f.emulator.requests.filter((r) => r.path.includes('sign')).length;
    for (const tx of [{ from: f.ethereumAddress, to: recipient, value: 'ten' }, { from: 'me', to: recipient }, { from: f.ethereumAddress, to: 'nowhere' }, { from: f.ethereumAddress, type: '0x4' }]) {
      expect((await rpcError(p.request({ method: 'eth_signTransaction', params: [tx] }))).code).toBe(-32602);
    }
    expect((await rpcError(p.request({ method: 'eth_signTypedData_v4', params: [f.ethereumAddress, '{not json'] }))).code).toBe(-32602);
    expect((await rpcError(p.request({ method: 'eth_signTransaction', params: [{ from: f.ethereumAddress, to: recipient, chainId: '0x1' }] }))).code).toBe(-32602);
    expect(f.emulator.requests.filter((r) => r.path.includes('sign')).length).toBe(before);
  });

  it('-32603 for a signing activity still pending at waitOptions.timeoutMs (data.cause: ActivityTimeoutError)', async () => {
    const slow = await startTestEmulator({ pendingPolls: 3 });
    try {
      const created = await slow.client.createWallet({ walletName: 'slow', accounts: [{ curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' }] });
      const { activity } = await waitForActivity(slow.client, created, { initialDelayMs: 1, factor: 1 });
      const { walletId, addresses } = activity.result.createWalletResult!;
      const p = await createEIP1193Provider({ client: slow.client, walletId, chains: [sepoliaChain], waitOptions: { timeoutMs: 100, initialDelayMs: 20 } });
      const error = await rpcError(p.request({ method: 'personal_sign', params: ['0x00', addresses[0]] }));
      expect(error.code).toBe(-32603);
      expect(error.data?.cause).toBeInstanceOf(ActivityTimeoutError);
    } finally {
      await slow.close();
    }
  });

  it('4001 for an activity that ended REJECTED and for a dismissed passkey prompt', () => {
    const rejected = new SigilActivityError('REJECTED', { id: 'a', status: 'ACTIVITY_STATUS_REJECTED' });
    expect(toProviderRpcError(rejected)).toMatchObject({ code: 4001, data: { cause: rejected } });
    const dismissed = Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    expect(toProviderRpcError(dismissed).code).toBe(4001);
    expect(toProviderRpcError(new SigilActivityError('FAILED', { id: 'a', status: 'ACTIVITY_STATUS_FAILED' })).code).toBe(-32603);
  });
});
