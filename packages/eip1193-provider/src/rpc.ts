// JSON-RPC over HTTP to a chain's node. A node that cannot be reached is EIP-1193's 4900 (disconnected); an
// error the node answered keeps the node's code and message.
import { ProviderRpcError, RPC_ERRORS } from './errors.js';

let nextId = 1;

export async function rpcCall(url: string, method: string, params: unknown[] | undefined): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
    });
  } catch (cause) {
    throw new ProviderRpcError(RPC_ERRORS.DISCONNECTED, `Disconnected: the chain's RPC at ${url} cannot be reached`, { cause });
  }
  let answer: { result?: unknown; error?: { code?: number; message?: string; data?: unknown } };
  try {
    answer = (await response.json()) as typeof answer;
  } catch (cause) {
    throw new ProviderRpcError(RPC_ERRORS.DISCONNECTED, `Disconnected: the chain's RPC at ${url} answered HTTP ${response.status} without JSON-RPC`, { cause });
  }
  if (answer.error) {
    throw new ProviderRpcError(typeof answer.error.code === 'number' ? answer.error.code : RPC_ERRORS.INTERNAL, answer.error.message ?? `${method} failed`, { cause: answer.error });
  }
  return answer.result;
}
