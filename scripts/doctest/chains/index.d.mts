export const CHAINS: unknown[];
export interface StartedChains {
  /** Every chain's variables (SEPOLIA_RPC_URL, ETHEREUM_RPC_URL, …). */
  env: Record<string, string>;
  /** The https origins browser blocks call, to the chains' URLs. */
  browserOrigins: Record<string, string>;
  /** The handle one chain module's start() returned. */
  get<M extends { start(): Promise<unknown> }>(module: M): Awaited<ReturnType<M['start']>>;
  stop(): Promise<void>;
}
export function startChains(modules?: unknown[]): Promise<StartedChains>;
