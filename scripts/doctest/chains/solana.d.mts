export interface SolanaChain {
  /** SOLANA_RPC_URL: the JSON-RPC endpoint (its WebSocket endpoint is on the next port, as `Connection` expects). */
  env: Record<string, string>;
  /** Adds `lamports` to `address`, as a faucet does. */
  fund(address: string, lamports: bigint | number | string): Promise<void>;
  /** The balance of `address`, in lamports. */
  balance(address: string): Promise<bigint>;
  stop(): Promise<void>;
}
export function start(): Promise<SolanaChain>;
