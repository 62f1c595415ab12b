// createEIP1193Provider: the standard Ethereum provider interface over a Sigil wallet. Accounts come from
// list_wallet_accounts, signatures from @sigil/viem's account (sign_raw_payload, sign_transaction), and every other
// method from the active chain's RPC.
import type { SigilClient, WaitForActivityOptions } from '@sigil/http';
import { createAccount } from '@sigil/viem';
import { createPublicClient, custom, getAddress, isAddress, isHex, type Address, type LocalAccount, type TypedDataDefinition } from 'viem';
import { ProviderRpcError, RPC_ERRORS, invalidParams, toProviderRpcError } from './errors.js';
import { rpcCall } from './rpc.js';
import { readTransactionRequest } from './transaction.js';

/** A chain the provider can use: its ID (hex), its JSON-RPC endpoints and its name. */
export interface Chain {
  /** The chain ID in hex, such as `'0xaa36a7'` for Sepolia. */
  chainId: string;
  /** JSON-RPC endpoints; the first one is used. */
  rpcUrls: string[];
  chainName?: string;
}

/** What `createEIP1193Provider` takes: the client, the wallet, the chains (the first is active). */
export interface SigilProviderOptions {
  /** The client that sends the signing activities and lists the wallet's accounts. */
  client: SigilClient;
  /** The wallet whose ADDRESS_FORMAT_ETHEREUM accounts the provider exposes. */
  walletId: string;
  /** The chains the provider can use; the first is active. */
  chains: Chain[];
  /** The organization that holds the wallet; defaults to the client's. */
  organizationId?: string;
  /** How long to wait for each signing activity. */
  waitOptions?: WaitForActivityOptions;
}

/** The events EIP-1193 defines, with what their listeners receive. */
export interface SigilEIP1193Events {
  connect: (info: { chainId: string }) => void;
  disconnect: (error: ProviderRpcError) => void;
  chainChanged: (chainId: string) => void;
  accountsChanged: (accounts: Address[]) => void;
}

/** The provider: EIP-1193's `request`, `on` and `removeListener`. */
export interface SigilEIP1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on<E extends keyof SigilEIP1193Events>(event: E, listener: SigilEIP1193Events[E]): SigilEIP1193Provider;
  removeListener<E extends keyof SigilEIP1193Events>(event: E, listener: SigilEIP1193Events[E]): SigilEIP1193Provider;
}

/** Methods that would sign whatever hash a page hands over (or legacy typed-data formats): refused with 4200. */
const UNSUPPORTED = new Set(['eth_sign', 'eth_signTypedData', 'eth_signTypedData_v1', 'eth_signTypedData_v3']);

/** A chain ID as EIP-1193 reports it: lowercase hex without leading zeros. */
function normalizeChainId(value: unknown, where: string): string {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw invalidParams(`${where} must be a hex chain ID such as "0xaa36a7", not ${JSON.stringify(value)}`);
  return `0x${BigInt(value).toString(16)}`;
}

function readChain(value: unknown, where: string): Chain {
  if (typeof value !== 'object' || value === null) throw invalidParams(`${where} must be an object with chainId and rpcUrls`);
  const chain = value as Record<string, unknown>;
  const rpcUrls = chain.rpcUrls;
  if (!Array.isArray(rpcUrls) || rpcUrls.length === 0 || !rpcUrls.every((url) => typeof url === 'string' && /^https?:\/\//.test(url))) {
    throw invalidParams(`${where}.rpcUrls must list at least one http(s) URL`);
  }
  return {
    chainId: normalizeChainId(chain.chainId, `${where}.chainId`),
    rpcUrls: [...rpcUrls] as string[],
    ...(typeof chain.chainName === 'string' ? { chainName: chain.chainName } : {}),
  };
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

class SigilProvider implements SigilEIP1193Provider {
  readonly #options: SigilProviderOptions;
  readonly #chains: Chain[];
  #active = 0;
  /** The accounts last listed ([] until then). */
  #accounts: Address[] = [];
  #listed = false;
  #signers = new Map<Address, Promise<LocalAccount>>();
  /** Chains whose RPC reported the configured chain ID. */
  #verified = new Set<string>();
  #connected: boolean | undefined;
  // any: listeners of different events take different arguments; on() and #emit type each event's own.
  #listeners = new Map<keyof SigilEIP1193Events, Set<(...args: any[]) => void>>();

  constructor(options: SigilProviderOptions, chains: Chain[]) {
    this.#options = options;
    this.#chains = chains;
  }

  on<E extends keyof SigilEIP1193Events>(event: E, listener: SigilEIP1193Events[E]): this {
    if (!this.#listeners.has(event)) this.#listeners.set(event, new Set());
    this.#listeners.get(event)!.add(listener);
    return this;
  }

  removeListener<E extends keyof SigilEIP1193Events>(event: E, listener: SigilEIP1193Events[E]): this {
    this.#listeners.get(event)?.delete(listener);
    return this;
  }

  #emit<E extends keyof SigilEIP1193Events>(event: E, ...args: Parameters<SigilEIP1193Events[E]>): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        listener(...args);
      } catch (error) {
        // A listener's bug is the app's: report it as uncaught, as browsers do, without failing the request.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  async request(args: { method: string; params?: unknown[] }): Promise<unknown> {
    try {
      if (typeof args !== 'object' || args === null || typeof args.method !== 'string') throw invalidParams('request takes {method, params}');
      if (args.params !== undefined && !Array.isArray(args.params)) throw invalidParams(`${args.method}: params must be a list`);
      return await this.#handle(args.method, args.params ?? []);
    } catch (error) {
      throw toProviderRpcError(error);
    }
  }

  get #chain(): Chain {
    return this.#chains[this.#active]!;
  }

  async #handle(method: string, params: unknown[]): Promise<unknown> {
    if (UNSUPPORTED.has(method)) {
      throw new ProviderRpcError(RPC_ERRORS.UNSUPPORTED_METHOD, `Unsupported method: ${method} signs data the user cannot read; use personal_sign or eth_signTypedData_v4`);
    }
    switch (method) {
      case 'eth_chainId':
        return this.#chain.chainId;
      case 'eth_accounts':
        // No request (with a passkey client, a prompt): dapps call it often to see whether they are connected.
        return [...this.#accounts];
      case 'eth_requestAccounts':
        return this.#listAccounts();
      case 'personal_sign': {
        const [data, address] = params;
        if (typeof data !== 'string') throw invalidParams('personal_sign takes [message, address]: the message as 0x hex (or text)');
        const account = await this.#account(address);
        return account.signMessage({ message: isHex(data) ? { raw: data } : data });
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = params;
        const account = await this.#account(address);
        return account.signTypedData(readTypedData(typedData));
      }
      case 'eth_signTransaction':
        return this.#signTransaction(params[0]);
      case 'eth_sendTransaction':
        return this.#forward('eth_sendRawTransaction', [await this.#signTransaction(params[0])]);
      case 'wallet_switchEthereumChain':
        return this.#switchChain(params[0]);
      case 'wallet_addEthereumChain':
        return this.#addChain(params[0]);
      default:
        return this.#forward(method, params);
    }
  }

  async #listAccounts(): Promise<Address[]> {
    const { client, walletId, organizationId } = this.#options;
    const accounts: Address[] = [];
    let after: string | undefined;
    // list_wallet_accounts pages at most 100 accounts at a time, oldest first.
    for (;;) {
      const page = await client.listWalletAccounts({
        walletId,
        ...(organizationId ? { organizationId } : {}),
        paginationOptions: { limit: 100, ...(after ? { after } : {}) },
      });
      for (const account of page.accounts) if (account.addressFormat === 'ADDRESS_FORMAT_ETHEREUM') accounts.push(getAddress(account.address));
      if (page.accounts.length < 100) break;
      after = page.accounts.at(-1)!.walletAccountId;
    }
    const changed = !sameList(accounts, this.#accounts);
    this.#accounts = accounts;
    this.#listed = true;
    if (changed) this.#emit('accountsChanged', accounts);
    return accounts;
  }

  /** The signing account for an address of the wallet; another address is 4100 (unauthorized). */
  async #account(address: unknown): Promise<LocalAccount> {
    if (typeof address !== 'string' || !isAddress(address, { strict: false })) throw invalidParams(`the signing address must be an Ethereum address, not ${JSON.stringify(address)}`);
    const checksummed = getAddress(address);
    if (!this.#listed || !this.#accounts.includes(checksummed)) await this.#listAccounts();
    if (!this.#accounts.includes(checksummed)) {
      throw new ProviderRpcError(RPC_ERRORS.UNAUTHORIZED, `Unauthorized: ${checksummed} is not an Ethereum account of wallet ${this.#options.walletId}`);
    }
    let signer = this.#signers.get(checksummed);
    if (!signer) {
      const { client, organizationId, waitOptions } = this.#options;
      signer = createAccount({ client, signWith: checksummed, ...(organizationId ? { organizationId } : {}), ...(waitOptions ? { waitOptions } : {}) });
      this.#signers.set(checksummed, signer);
    }
    return signer;
  }

  /** Fills in what the dapp left out (nonce, gas, fees, type) from the active chain's RPC, then signs. */
  async #signTransaction(param: unknown): Promise<`0x${string}`> {
    const { from, chainId, ...request } = readTransactionRequest(param);
    const active = BigInt(this.#chain.chainId);
    if (chainId !== undefined && chainId !== active) {
      throw invalidParams(`transaction.chainId 0x${chainId.toString(16)} is not the active chain ${this.#chain.chainId}; switch with wallet_switchEthereumChain first`);
    }
    const account = await this.#account(from);
    const reader = createPublicClient({ transport: custom({ request: ({ method, params }) => this.#forward(method, params) }) });
    // viem's union of transaction shapes cannot be narrowed from JSON-RPC input; readTransactionRequest checked each field.
    const prepared = await reader.prepareTransactionRequest({ ...(request as object), account, chainId: Number(active) } as Parameters<typeof reader.prepareTransactionRequest>[0]);
    return account.signTransaction(prepared as Parameters<LocalAccount['signTransaction']>[0]);
  }

  async #switchChain(param: unknown): Promise<null> {
    const chainId = normalizeChainId((param as { chainId?: unknown } | undefined)?.chainId, 'wallet_switchEthereumChain: chainId');
    const index = this.#chains.findIndex((chain) => chain.chainId === chainId);
    if (index < 0) throw new ProviderRpcError(RPC_ERRORS.UNRECOGNIZED_CHAIN, `Unrecognized chain ID ${chainId}: add it with wallet_addEthereumChain first`);
    this.#activate(index);
    return null;
  }

  async #addChain(param: unknown): Promise<null> {
    const chain = readChain(param, 'wallet_addEthereumChain: chain');
    let index = this.#chains.findIndex((known) => known.chainId === chain.chainId);
    if (index < 0) {
      const reported = await rpcCall(chain.rpcUrls[0]!, 'eth_chainId', []);
      if (typeof reported !== 'string' || BigInt(reported) !== BigInt(chain.chainId)) {
        throw invalidParams(`the RPC at ${chain.rpcUrls[0]} answers for chain ${String(reported)}, not ${chain.chainId}`);
      }
      this.#verified.add(chain.chainId);
      index = this.#chains.push(chain) - 1;
    }
    this.#activate(index);
    return null;
  }

  #activate(index: number): void {
    if (index === this.#active) return;
    this.#active = index;
    this.#emit('chainChanged', this.#chain.chainId);
  }

  /** A request to the active chain's RPC; reaching or losing it emits connect or disconnect. */
  async #forward(method: string, params: unknown): Promise<unknown> {
    const chain = this.#chain;
    const url = chain.rpcUrls[0]!;
    try {
      if (!this.#verified.has(chain.chainId)) {
        const reported = await rpcCall(url, 'eth_chainId', []);
        if (typeof reported !== 'string' || BigInt(reported) !== BigInt(chain.chainId)) {
          throw new ProviderRpcError(RPC_ERRORS.CHAIN_DISCONNECTED, `Chain disconnected: the RPC at ${url} answers for chain ${String(reported)}, not ${chain.chainId}`);
        }
        this.#verified.add(chain.chainId);
      }
      const result = await rpcCall(url, method, params as unknown[] | undefined);
      this.#setConnected(true);
      return result;
    } catch (error) {
      if (error instanceof ProviderRpcError && (error.code === RPC_ERRORS.DISCONNECTED || error.code === RPC_ERRORS.CHAIN_DISCONNECTED)) {
        this.#setConnected(false, error);
      } else {
        this.#setConnected(true);
      }
      throw error;
    }
  }

  #setConnected(connected: boolean, error?: ProviderRpcError): void {
    if (this.#connected === connected) return;
    this.#connected = connected;
    if (connected) this.#emit('connect', { chainId: this.#chain.chainId });
    else this.#emit('disconnect', error!);
  }
}

/** eth_signTypedData_v4's typed data: a JSON string (as dapps send it) or an object. */
function readTypedData(value: unknown): TypedDataDefinition {
  let typed: unknown = value;
  if (typeof value === 'string') {
    try {
      typed = JSON.parse(value);
    } catch {
      throw invalidParams('eth_signTypedData_v4 takes [address, typedData]: typedData is not JSON');
    }
  }
  const t = typed as Record<string, unknown> | null;
  if (!t || typeof t !== 'object' || typeof t.types !== 'object' || typeof t.primaryType !== 'string' || typeof t.message !== 'object') {
    throw invalidParams('eth_signTypedData_v4 typed data needs types, primaryType, domain and message');
  }
  // viem writes EIP712Domain itself from the domain's fields.
  const { EIP712Domain: _domainType, ...types } = t.types as Record<string, unknown>;
  return { domain: (t.domain ?? {}) as TypedDataDefinition['domain'], types, primaryType: t.primaryType, message: t.message } as TypedDataDefinition;
}

/**
 * Resolves to an EIP-1193 provider over the wallet's Ethereum accounts. Rejects with a TypeError for options it
 * cannot use (no chains, a chain ID that is not hex); makes no request until the first `request`.
 */
export async function createEIP1193Provider(options: SigilProviderOptions): Promise<SigilEIP1193Provider> {
  if (!options || typeof options.walletId !== 'string' || options.walletId === '') throw new TypeError('createEIP1193Provider: walletId is required');
  if (!Array.isArray(options.chains) || options.chains.length === 0) throw new TypeError('createEIP1193Provider: chains must list at least one chain; the first is active');
  let chains: Chain[];
  try {
    chains = options.chains.map((chain, i) => readChain(chain, `chains[${i}]`));
  } catch (error) {
    throw new TypeError(`createEIP1193Provider: ${error instanceof Error ? error.message.replace(/^Invalid params: /, '') : String(error)}`);
  }
  return new SigilProvider(options, chains);
}
