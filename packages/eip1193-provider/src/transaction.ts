// eth_signTransaction / eth_sendTransaction parameters (JSON-RPC: quantities as 0x hex) read into viem's
// transaction request, so viem can fill in what is missing (nonce, gas, fees) and serialize it.
import { isAddress, isHex, type AccessList, type Address, type Hex } from 'viem';
import { invalidParams } from './errors.js';

export interface RpcTransactionRequest {
  from: Address;
  to?: Address;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
  nonce?: number;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  accessList?: AccessList;
  type?: 'legacy' | 'eip2930' | 'eip1559';
  chainId?: bigint;
}

const TYPES = { '0x0': 'legacy', '0x1': 'eip2930', '0x2': 'eip1559' } as const;

function quantity(tx: Record<string, unknown>, name: string): bigint | undefined {
  const value = tx[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw invalidParams(`transaction.${name} must be a hex quantity such as "0x5208", not ${JSON.stringify(value)}`);
  return BigInt(value);
}

/** Reads the transaction object of eth_signTransaction / eth_sendTransaction; malformed fields are -32602. */
export function readTransactionRequest(param: unknown): RpcTransactionRequest {
  if (typeof param !== 'object' || param === null || Array.isArray(param)) throw invalidParams('the first parameter must be a transaction object');
  const tx = param as Record<string, unknown>;
  if (typeof tx.from !== 'string' || !isAddress(tx.from, { strict: false })) throw invalidParams(`transaction.from must be the sending account's address, not ${JSON.stringify(tx.from)}`);
  if (tx.to !== undefined && tx.to !== null && (typeof tx.to !== 'string' || !isAddress(tx.to, { strict: false }))) throw invalidParams(`transaction.to must be an address, not ${JSON.stringify(tx.to)}`);
  if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) throw invalidParams('transaction.data and transaction.input differ; send one of them');
  const data = tx.data ?? tx.input;
  if (data !== undefined && data !== null && (typeof data !== 'string' || !isHex(data))) throw invalidParams('transaction.data must be 0x hex');
  if (tx.accessList !== undefined && !Array.isArray(tx.accessList)) throw invalidParams('transaction.accessList must be a list');
  let type: RpcTransactionRequest['type'];
  if (tx.type !== undefined && tx.type !== null) {
    type = TYPES[String(tx.type).toLowerCase() as keyof typeof TYPES];
    if (!type) throw invalidParams(`transaction.type ${JSON.stringify(tx.type)} is not signed here; send 0x0 (legacy), 0x1 (EIP-2930) or 0x2 (EIP-1559)`);
  }
  const nonce = quantity(tx, 'nonce');
  const request: RpcTransactionRequest = { from: tx.from as Address };
  const fields = {
    to: (tx.to ?? undefined) as Address | undefined,
    data: (data ?? undefined) as Hex | undefined,
    value: quantity(tx, 'value'),
    gas: quantity(tx, 'gas') ?? quantity(tx, 'gasLimit'),
    nonce: nonce === undefined ? undefined : Number(nonce),
    gasPrice: quantity(tx, 'gasPrice'),
    maxFeePerGas: quantity(tx, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantity(tx, 'maxPriorityFeePerGas'),
    accessList: tx.accessList as AccessList | undefined,
    type,
    chainId: quantity(tx, 'chainId'),
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) (request as unknown as Record<string, unknown>)[key] = value;
  return request;
}
