import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The native modules are replaced by in-memory implementations of the same API (test/fake-*.ts): a
// software authenticator that makes real P-256 WebAuthn attestations and assertions, and a key-value
// store standing in for the Keychain. Node has crypto.getRandomValues, so the polyfill is a no-op here.
const fake = (name: string) => fileURLToPath(new URL(`./test/${name}.ts`, import.meta.url));
export default defineConfig({
  resolve: {
    alias: {
      'react-native-passkey': fake('fake-react-native-passkey'),
      'react-native-keychain': fake('fake-react-native-keychain'),
      'react-native-get-random-values': fake('fake-get-random-values'),
    },
  },
});
