// sign_raw_payload, sign_raw_payloads and sign_transaction. `signWith` names a wallet account address,
// a private key ID or a private key's public key; policies see the key (`wallet`, `wallet_account`,
// `private_key`) and, for transactions, the parsed transaction (`eth.tx`, `solana.tx`).
import type { Schema } from '@sigil/api-spec';
import type { PolicyRequest } from '@sigil/policy';
import { invalid } from '../errors.js';
import type { ExecutionContext, SubmissionHandlers } from '../handler-types.js';
import { signingKey, signingPolicyContext } from '../wallets/handlers.js';
import { parseEthereum, signEthereum } from './ethereum.js';
import { payloadBytes, signRaw } from './raw.js';
import { parseSolana, signSolana } from './solana.js';

const org = (context: ExecutionContext) => context.organization.organizationId;

function transactionContext(p: Schema<'SignTransactionIntent'>): Partial<PolicyRequest> {
  const hex = p.unsignedTransaction;
  if (p.type === 'TRANSACTION_TYPE_ETHEREUM') return { eth: { tx: parseEthereum(hex).context } };
  return { solana: { tx: parseSolana(hex).context } };
}

export const SIGNING_SUBMISSIONS = {
  sign_raw_payload: {
    policyContext: (context, p) => signingPolicyContext(context.db, org(context), p.signWith),
    execute(context, p) {
      const key = signingKey(context.db, org(context), p.signWith);
      return signRaw(key, payloadBytes(p.payload, p.encoding, 'parameters.payload'), p.hashFunction, 'parameters.payload');
    },
  },
  sign_raw_payloads: {
    policyContext: (context, p) => signingPolicyContext(context.db, org(context), p.signWith),
    execute(context, p) {
      const key = signingKey(context.db, org(context), p.signWith);
      const signatures = p.payloads.map((payload, i) =>
        signRaw(key, payloadBytes(payload, p.encoding, `parameters.payloads[${i}]`), p.hashFunction, `parameters.payloads[${i}]`),
      );
      return { signatures };
    },
  },
  sign_transaction: {
    policyContext: (context, p) => ({ ...signingPolicyContext(context.db, org(context), p.signWith), ...transactionContext(p) }),
    execute(context, p) {
      const key = signingKey(context.db, org(context), p.signWith);
      const hex = p.unsignedTransaction;
      if (p.type === 'TRANSACTION_TYPE_ETHEREUM') {
        if (key.curve !== 'CURVE_SECP256K1') throw invalid('parameters.signWith', 'parameters.signWith: Ethereum transactions are signed with a secp256k1 key; this key is Ed25519');
        return { signedTransaction: signEthereum(parseEthereum(hex), key.privateKey) };
      }
      if (key.curve !== 'CURVE_ED25519') throw invalid('parameters.signWith', 'parameters.signWith: Solana transactions are signed with an Ed25519 key; this key is secp256k1');
      return { signedTransaction: signSolana(parseSolana(hex), key.privateKey, key.publicKey) };
    },
  },
} satisfies SubmissionHandlers;
