// A CommonJS backend: require() of every library. run.mjs runs it with require(esm) turned off, so it passes only
// if each package's `require` condition leads to CommonJS all the way down (ESM-only dependencies bundled).
'use strict';
const { runScenario } = require('./scenario.cjs');

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
  '@sigil/iframe-stamper': require('@sigil/iframe-stamper'),
};
for (const name of Object.keys(mods)) {
  if (name.endsWith('.json')) continue;
  const file = require.resolve(name);
  if (!file.includes('/dist/cjs/')) throw new Error(`${name} resolved to ${file}, not its CommonJS build`);
}
runScenario(mods, process.argv[2] ?? 'cjs').then(console.log, (error) => {
  console.error(error);
  process.exit(1);
});
