export const EVM_CHAINS: Array<{ variable: string; chainId: number; browserOrigin: string }>;
export interface EvmChains {
  /** SEPOLIA_RPC_URL (chain 11155111) and ETHEREUM_RPC_URL (chain 1). */
  env: Record<string, string>;
  /** https://sepolia.rpc.example and https://ethereum.rpc.example, to the chains' URLs. */
  browserOrigins: Record<string, string>;
  fund(address: string, wei: bigint | number | string): Promise<void>;
  installToken(token: string, holder: string, amount: bigint | number | string): Promise<void>;
  balance(address: string, variable?: string): Promise<bigint>;
  stop(): Promise<void>;
}
export function start(): Promise<EvmChains>;
