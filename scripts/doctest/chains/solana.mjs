// A real Solana chain for the examples that broadcast: LiteSVM (the Solana runtime in process: it checks signatures
// and blockhashes, charges fees and runs the programs) behind the JSON-RPC methods `Connection` of @solana/web3.js 1.x
// calls, on a random local port. Every transaction sent is executed at once, in its own slot, and is final.
// `Connection` opens its subscriptions (confirmTransaction's signatureSubscribe) on the HTTP port + 1, so the
// WebSocket endpoint listens there.
import { createServer } from 'node:http';
import { LiteSVM } from 'litesvm';
import { randomBytes } from 'node:crypto';
import { PublicKey, SystemProgram, VersionedTransaction } from '@solana/web3.js';
import { base58 } from '@scure/base';
import WebSocket from 'ws';

const LAMPORTS_PER_SIGNATURE = 5000;

class RpcError extends Error {
  constructor(code, message, data) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

function listen(server, port) {
  return new Promise((resolve, reject) => {
    const onError = (error) => reject(error);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve(server.address().port);
    });
  });
}

const close = (server) => new Promise((resolve) => server.close(() => resolve()));

/** An HTTP server on a random port P and a WebSocket server on P + 1; a new P when P + 1 is taken. */
async function listenPair(handler) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const http = createServer(handler);
    const port = await listen(http, 0);
    const wsHttp = createServer((_, res) => res.writeHead(426).end());
    try {
      await listen(wsHttp, port + 1);
      return { http, wsHttp, port };
    } catch (error) {
      await close(http);
      if (error.code !== 'EADDRINUSE' || port === 65535) throw error;
    }
  }
  throw new Error('solana chain: found no free port pair for HTTP and WebSocket');
}

function decodeTransaction(encoded, encoding = 'base58') {
  if (typeof encoded !== 'string') throw new RpcError(-32602, 'invalid transaction: not a string');
  const bytes = encoding === 'base64' ? Buffer.from(encoded, 'base64') : base58.decode(encoded);
  try {
    return VersionedTransaction.deserialize(bytes);
  } catch (error) {
    throw new RpcError(-32602, `invalid transaction: ${error.message}`);
  }
}

function pubkey(value) {
  try {
    return new PublicKey(value);
  } catch {
    throw new RpcError(-32602, `Invalid param: ${JSON.stringify(value)} is not a base58 public key`);
  }
}

/** Starts the chain. `env.SOLANA_RPC_URL` is its endpoint; `fund(address, lamports)` airdrops; `balance(address)` reads. */
export async function start() {
  const svm = new LiteSVM();
  let slot = 1;
  /** Signature (base58) -> { slot, err }, for getSignatureStatuses and signatureSubscribe. */
  const statuses = new Map();
  /** Signature -> [notify(status)] of sockets waiting for it. */
  const waiting = new Map();

  const context = () => ({ slot, apiVersion: '2.2.0' });
  const record = (signature, err) => {
    slot += 1;
    svm.warpToSlot(BigInt(slot));
    const status = { slot, err };
    statuses.set(signature, status);
    for (const notify of waiting.get(signature) ?? []) notify(status);
    waiting.delete(signature);
  };
  // The faucet credits the account directly rather than sending a transaction: an airdrop transaction would take
  // the latest blockhash, and LiteSVM refuses a second identical one (same address and amount) as already processed.
  const airdrop = (address, lamports) => {
    const key = pubkey(address);
    const account = svm.getAccount(key);
    svm.setAccount(key, {
      lamports: Number((account ? BigInt(account.lamports) : 0n) + BigInt(lamports)),
      data: account?.data ?? new Uint8Array(),
      owner: account?.owner ?? SystemProgram.programId,
      executable: account?.executable ?? false,
      rentEpoch: 0,
    });
    const signature = base58.encode(randomBytes(64));
    record(signature, null);
    return signature;
  };

  const methods = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => svm.latestBlockhash(),
    getSlot: () => slot,
    getBlockHeight: () => slot,
    getLatestBlockhash: () => ({ context: context(), value: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot + 150 } }),
    isBlockhashValid: ([blockhash]) => ({ context: context(), value: blockhash === svm.latestBlockhash() }),
    getBalance: ([address]) => ({ context: context(), value: Number(svm.getBalance(pubkey(address)) ?? 0n) }),
    getAccountInfo: ([address]) => {
      const account = svm.getAccount(pubkey(address));
      if (!account) return { context: context(), value: null };
      return {
        context: context(),
        value: {
          lamports: Number(account.lamports),
          owner: account.owner.toBase58(),
          data: [Buffer.from(account.data).toString('base64'), 'base64'],
          executable: account.executable,
          rentEpoch: 0,
          space: account.data.length,
        },
      };
    },
    getMinimumBalanceForRentExemption: ([size]) => Number(svm.minimumBalanceForRentExemption(BigInt(size ?? 0))),
    getFeeForMessage: ([message]) => {
      const bytes = Buffer.from(message, 'base64');
      // The message's first byte is its signature count (after the version byte of a versioned message).
      const signatures = bytes[0] & 0x80 ? bytes[1] : bytes[0];
      return { context: context(), value: signatures * LAMPORTS_PER_SIGNATURE };
    },
    requestAirdrop: ([address, lamports]) => {
      if (!Number.isSafeInteger(lamports) || lamports <= 0) throw new RpcError(-32602, 'Invalid param: lamports must be a positive integer');
      return airdrop(address, lamports);
    },
    sendTransaction: ([encoded, config = {}]) => {
      const tx = decodeTransaction(encoded, config.encoding);
      const signature = base58.encode(tx.signatures[0] ?? new Uint8Array(64));
      // A node's preflight: a transaction that would fail is refused and changes nothing.
      if (!config.skipPreflight) {
        const simulated = svm.simulateTransaction(tx);
        if (typeof simulated.err === 'function') {
          throw new RpcError(-32002, `Transaction simulation failed: ${simulated.toString()}`, { err: String(simulated.err()), logs: simulated.meta().logs() });
        }
      }
      const result = svm.sendTransaction(tx);
      // Without preflight a failing transaction still lands, as on a cluster: its fee is paid and its status has the error.
      // A duplicate is refused as already processed; the first landing's status stays.
      if (!statuses.has(signature)) record(signature, typeof result.err === 'function' ? String(result.err()) : null);
      return signature;
    },
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: signatures.map((signature) => {
        const status = statuses.get(signature);
        if (!status) return null;
        return {
          slot: status.slot,
          confirmations: null,
          err: status.err,
          status: status.err ? { Err: status.err } : { Ok: null },
          confirmationStatus: 'finalized',
        };
      }),
    }),
  };

  async function answer(call) {
    const { id = null, method, params = [] } = call ?? {};
    try {
      const run = methods[method];
      if (!run) throw new RpcError(-32601, `Method not found: ${method}`);
      return { jsonrpc: '2.0', id, result: await run(params) };
    } catch (error) {
      if (!(error instanceof RpcError)) return { jsonrpc: '2.0', id, error: { code: -32603, message: String(error?.message ?? error) } };
      return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) } };
    }
  }

  const { http, wsHttp, port } = await listenPair((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        return;
      }
      const reply = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });

  const sockets = new WebSocket.Server({ server: wsHttp });
  let nextSubscription = 1;
  sockets.on('connection', (socket) => {
    socket.on('message', async (data) => {
      let call;
      try {
        call = JSON.parse(String(data));
      } catch {
        return;
      }
      const send = (message) => socket.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message));
      if (call.method === 'signatureSubscribe') {
        const subscription = nextSubscription++;
        send({ jsonrpc: '2.0', id: call.id, result: subscription });
        const notify = (status) =>
          send({ jsonrpc: '2.0', method: 'signatureNotification', params: { subscription, result: { context: { slot: status.slot }, value: { err: status.err } } } });
        const signature = call.params?.[0];
        const known = statuses.get(signature);
        if (known) notify(known);
        else waiting.set(signature, [...(waiting.get(signature) ?? []), notify]);
      } else if (typeof call.method === 'string' && call.method.endsWith('Subscribe')) {
        // Subscriptions no example needs (slots, accounts) are accepted and stay silent.
        send({ jsonrpc: '2.0', id: call.id, result: nextSubscription++ });
      } else if (typeof call.method === 'string' && call.method.endsWith('Unsubscribe')) {
        send({ jsonrpc: '2.0', id: call.id, result: true });
      } else {
        send(await answer(call));
      }
    });
  });

  return {
    env: { SOLANA_RPC_URL: `http://127.0.0.1:${port}` },
    /** Adds `lamports` to `address`, as a faucet's airdrop does. */
    async fund(address, lamports) {
      airdrop(address, lamports);
    },
    /** The balance of `address`, in lamports. */
    async balance(address) {
      return svm.getBalance(pubkey(address)) ?? 0n;
    },
    async stop() {
      for (const client of sockets.clients) client.terminate();
      await new Promise((resolve) => sockets.close(() => resolve()));
      await Promise.all([close(http), close(wsHttp)]);
    },
  };
}
