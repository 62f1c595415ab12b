// A CommonJS backend that signs with @sigil/cosmjs. Its own CommonJS build needs no require(esm), but CosmJS 0.37 and
// later require ESM-only packages (@noble/*, @scure/base 2), so this consumer runs as Node >= 20.19 runs it by
// default, with require(esm) on.
'use strict';
const { runSolanaCosmjsScenario } = require('./scenario-solana-cosmjs.cjs');

const mods = {
  '@sigil/emulator/testing': require('@sigil/emulator/testing'),
  '@sigil/sdk-server': require('@sigil/sdk-server'),
  '@sigil/cosmjs': require('@sigil/cosmjs'),
  '@cosmjs/crypto': require('@cosmjs/crypto'),
  '@cosmjs/amino': require('@cosmjs/amino'),
};
const file = require.resolve('@sigil/cosmjs');
if (!file.includes('/dist/cjs/')) throw new Error(`@sigil/cosmjs resolved to ${file}, not its CommonJS build`);
const label = process.argv[2] ?? 'cjs cosmjs';
runSolanaCosmjsScenario(mods, label).then(
  () => console.log(`${label}: ok`),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
