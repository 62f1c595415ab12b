// A Node module hook that answers the three native modules' imports with the in-memory implementations of
// this folder, as the package's vitest config does. scripts/readmes/run.mjs runs the README example with it
// (node --import tsx --import this file), so the example runs in Node against an emulator.
import { register } from 'node:module';

const fakes = {
  'react-native-passkey': new URL('./fake-react-native-passkey.ts', import.meta.url).href,
  'react-native-keychain': new URL('./fake-react-native-keychain.ts', import.meta.url).href,
  'react-native-get-random-values': new URL('./fake-get-random-values.ts', import.meta.url).href,
};

const hook = `const fakes = ${JSON.stringify(fakes)};
export async function resolve(specifier, context, next) {
  // Handed on down the chain, so tsx (registered before) loads the TypeScript file as it loads any other.
  return next(Object.hasOwn(fakes, specifier) ? fakes[specifier] : specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
