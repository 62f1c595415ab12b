// A CommonJS backend: require() of every library. run.mjs runs it with require(esm) turned off, so it passes only
// if each package's `require` condition leads to CommonJS all the way down (ESM-only dependencies bundled).
'use strict';
const { runScenario } = require('./scenario.cjs');
const { runSolanaCosmjsScenario } = require('./scenario-solana-cosmjs.cjs');

// Literal require() calls, so that a bundler sees (and bundles) every package.
const mods = {
  '@sigil/policy': require('@sigil/policy'),
  '@sigil/api-spec': require('@sigil/api-spec'),
  '@sigil/api-spec/openapi.json': require('@sigil/api-spec/openapi.json'),
  '@sigil/webauthn-stamper': require('@sigil/webauthn-stamper'),
  '@sigil/api-key-stamper': require('@sigil/api-key-stamper'),
  '@sigil/http': require('@sigil/http'),
  '@sigil/emulator': require('@sigil/emulator'),
  '@sigil/emulator/node': require('@sigil/emulator/node'),
  '@sigil/emulator/testing': require('@sigil/emulator/testing'),
  '@sigil/sdk-server': require('@sigil/sdk-server'),
  '@sigil/sdk-browser': require('@sigil/sdk-browser'),
  '@sigil/wallet-stamper': require('@sigil/wallet-stamper'),
  '@sigil/viem': require('@sigil/viem'),
  '@sigil/ethers': require('@sigil/ethers'),
  '@sigil/eip1193-provider': require('@sigil/eip1193-provider'),
  viem: require('viem'),
  ethers: require('ethers'),
  '@sigil/solana': require('@sigil/solana'),
  '@solana/web3.js': require('@solana/web3.js'),
  '@sigil/iframe-stamper': require('@sigil/iframe-stamper'),
  '@sigil/embedded-wallet-kit': require('@sigil/embedded-wallet-kit'),
};
for (const name of Object.keys(mods)) {
  if (name.endsWith('.json') || !name.startsWith('@sigil/')) continue;
  const file = require.resolve(name);
  if (!file.includes('/dist/cjs/')) throw new Error(`${name} resolved to ${file}, not its CommonJS build`);
}
// @sigil/cosmjs is loaded by cjs-cosmjs-consumer.cjs: CosmJS 0.37+ itself needs require(esm).
const label = process.argv[2] ?? 'cjs';
runScenario(mods, label)
  .then(async (result) => {
    await runSolanaCosmjsScenario(mods, label);
    console.log(result);
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
