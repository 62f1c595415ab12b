// An ESM backend: import of every library, which must resolve to the ESM build (dist/, not dist/cjs/).
import * as policy from '@sigil/policy';
import * as spec from '@sigil/api-spec';
import openapi from '@sigil/api-spec/openapi.json' with { type: 'json' };
import * as webauthn from '@sigil/webauthn-stamper';
import * as apiKey from '@sigil/api-key-stamper';
import * as http from '@sigil/http';
import * as testing from '@sigil/emulator/testing';
import * as server from '@sigil/sdk-server';
import * as browser from '@sigil/sdk-browser';
import * as walletStamper from '@sigil/wallet-stamper';
import * as sigilViem from '@sigil/viem';
import * as sigilEthers from '@sigil/ethers';
import * as eip1193 from '@sigil/eip1193-provider';
import * as viem from 'viem';
import * as ethers from 'ethers';
import * as solana from '@sigil/solana';
import * as cosmjs from '@sigil/cosmjs';
import * as web3 from '@solana/web3.js';
import * as cosmjsCrypto from '@cosmjs/crypto';
import * as cosmjsAmino from '@cosmjs/amino';
import * as iframe from '@sigil/iframe-stamper';
import * as kit from '@sigil/embedded-wallet-kit';
import { runScenario } from './scenario.cjs';
import { runSolanaCosmjsScenario } from './scenario-solana-cosmjs.cjs';

const mods = {
  '@sigil/policy': policy, '@sigil/api-spec': spec, '@sigil/api-spec/openapi.json': openapi,
  '@sigil/webauthn-stamper': webauthn, '@sigil/api-key-stamper': apiKey, '@sigil/http': http,
  '@sigil/emulator/testing': testing, '@sigil/sdk-server': server, '@sigil/sdk-browser': browser,
  '@sigil/wallet-stamper': walletStamper,
  '@sigil/viem': sigilViem, '@sigil/ethers': sigilEthers, '@sigil/eip1193-provider': eip1193, viem, ethers,
  '@sigil/solana': solana, '@sigil/cosmjs': cosmjs,
  '@solana/web3.js': web3, '@cosmjs/crypto': cosmjsCrypto, '@cosmjs/amino': cosmjsAmino,
  '@sigil/iframe-stamper': iframe, '@sigil/embedded-wallet-kit': kit,
};
for (const name of Object.keys(mods)) {
  if (name.endsWith('.json') || !name.startsWith('@sigil/')) continue;
  const url = import.meta.resolve(name);
  if (url.includes('/dist/cjs/') || !url.includes('/dist/')) throw new Error(`${name} resolved to ${url}, not its ESM build`);
}
const result = await runScenario(mods, process.argv[2] ?? 'esm');
await runSolanaCosmjsScenario(mods, process.argv[2] ?? 'esm');
console.log(result);
