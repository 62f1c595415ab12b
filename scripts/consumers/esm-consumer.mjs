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
import * as iframe from '@sigil/iframe-stamper';
import { runScenario } from './scenario.cjs';

const mods = {
  '@sigil/policy': policy, '@sigil/api-spec': spec, '@sigil/api-spec/openapi.json': openapi,
  '@sigil/webauthn-stamper': webauthn, '@sigil/api-key-stamper': apiKey, '@sigil/http': http,
  '@sigil/emulator/testing': testing, '@sigil/sdk-server': server, '@sigil/sdk-browser': browser,
  '@sigil/iframe-stamper': iframe,
};
for (const name of Object.keys(mods)) {
  if (name.endsWith('.json')) continue;
  const url = import.meta.resolve(name);
  if (url.includes('/dist/cjs/') || !url.includes('/dist/')) throw new Error(`${name} resolved to ${url}, not its ESM build`);
}
console.log(await runScenario(mods, process.argv[2] ?? 'esm'));
