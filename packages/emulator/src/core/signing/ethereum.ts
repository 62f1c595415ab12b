// Ethereum transactions (legacy, EIP-2930, EIP-1559) parsed and signed with micro-eth-signer, and the
// `eth.tx` policy context as @sigil/policy documents it: addresses and data as lowercase 0x hex,
// integers as decimal strings (the policy engine reads them as big integers).
import { Transaction } from 'micro-eth-signer';
import { bytesToHex } from '@noble/hashes/utils.js';
import { invalid } from '../errors.js';

const FIELD = 'parameters.unsignedTransaction';
const TYPES = new Set(['legacy', 'eip2930', 'eip1559']);

interface EthereumTx {
  tx: ReturnType<typeof Transaction.fromHex>;
  context: { to?: string; value: string; chain_id?: string; data: string; gas: string; nonce: string };
}

export function parseEthereum(hex: string): EthereumTx {
  let tx: ReturnType<typeof Transaction.fromHex>;
  try {
    tx = Transaction.fromHex(hex.startsWith('0x') ? hex : `0x${hex}`);
  } catch (error) {
    throw invalid(FIELD, `${FIELD}: not an RLP-encoded Ethereum transaction (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!TYPES.has(tx.type)) throw invalid(FIELD, `${FIELD}: ${tx.type} transactions are not signed by sign_transaction; send a legacy, EIP-2930 or EIP-1559 transaction`);
  const raw = tx.raw as Record<string, unknown>;
  if (raw.r !== undefined || raw.s !== undefined) throw invalid(FIELD, `${FIELD}: the transaction is already signed; send it unsigned`);
  const to = typeof raw.to === 'string' && raw.to !== '' && raw.to !== '0x' ? raw.to.toLowerCase() : undefined;
  const data = typeof raw.data === 'string' ? raw.data.toLowerCase() : `0x${bytesToHex(raw.data as Uint8Array)}`;
  return {
    tx,
    context: {
      ...(to ? { to } : {}),
      value: String(raw.value as bigint),
      ...(raw.chainId !== undefined ? { chain_id: String(raw.chainId as bigint) } : {}),
      data: data === '' ? '0x' : data,
      gas: String(raw.gasLimit as bigint),
      nonce: String(raw.nonce as bigint),
    },
  };
}

/** The signed transaction as lowercase hex without 0x, as the document's examples show it. */
export function signEthereum(parsed: EthereumTx, privateKey: Uint8Array): string {
  return parsed.tx.signBy(privateKey).toHex().replace(/^0x/, '').toLowerCase();
}
