import { encryptImportBundle } from '@sigil/sdk-browser';
import type { WalletAccountParams } from './api-types.js';
import { validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { useId, useState, type FormEvent } from 'react';
import { completed } from './activity.js';
import { SigilKitError } from './errors.js';
import { useSigilKit } from './provider.js';
import { useAction } from './use-action.js';

/** Props of `<SigilImport>`. */
export interface SigilImportProps {
  /** The user importing; the same user sends both steps. */
  userId: string;
  /** Name of the new wallet, unique in the sub-organization. */
  walletName: string;
  /** The pinned enclave quorum keys; the `importBundle` must be signed by one of them. */
  enclaveQuorumPublicKeys: string[];
  /** Accounts to derive after the import. Default `[]`. */
  accounts?: WalletAccountParams[];
  /** Called with `importWalletResult`. */
  onImported?: (result: { walletId: string; addresses: string[] }) => void;
}

const WORD_COUNTS = [12, 15, 18, 21, 24];

/** The seed phrase as the API takes it (single spaces, lower case), or a SigilKitError saying what is wrong. */
export function normalizeSeedPhrase(input: string): string {
  const words = input.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!WORD_COUNTS.includes(words.length)) {
    throw new SigilKitError('invalid-seed-phrase', `A seed phrase has 12, 15, 18, 21 or 24 words; this one has ${words.length}`);
  }
  const unknown = words.filter((word) => !english.includes(word));
  if (unknown.length > 0) {
    throw new SigilKitError('invalid-seed-phrase', `${unknown.length === 1 ? 'This word is' : 'These words are'} not in the English BIP-39 list: ${unknown.join(', ')}`);
  }
  const phrase = words.join(' ');
  if (!validateMnemonic(phrase, english)) throw new SigilKitError('invalid-seed-phrase', 'The seed phrase has a wrong checksum: check the words and their order');
  return phrase;
}

/** Takes a seed phrase, encrypts it to the enclave in the browser, and imports it as a new wallet. */
export function SigilImport({ userId, walletName, enclaveQuorumPublicKeys, accounts = [], onImported }: SigilImportProps) {
  if (!userId) throw new TypeError('SigilImport: userId is required');
  if (!walletName) throw new TypeError('SigilImport: walletName is required');
  if (!Array.isArray(enclaveQuorumPublicKeys) || enclaveQuorumPublicKeys.length === 0) {
    throw new TypeError('SigilImport: enclaveQuorumPublicKeys must list at least one pinned key');
  }
  const { session } = useSigilKit();
  const id = useId();
  const { busy, error, run } = useAction();
  const [phrase, setPhrase] = useState('');
  const [imported, setImported] = useState<{ walletId: string; addresses: string[] } | undefined>(undefined);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    void run(async () => {
      if (!session) throw new SigilKitError('no-session', 'Sign in before importing');
      const secret = normalizeSeedPhrase(phrase);
      const init = completed('init_import_wallet', await session.client.initImportWallet({ userId }, { wait: true }));
      const encryptedBundle = await encryptImportBundle({
        importBundle: init.result.initImportWalletResult!.importBundle,
        secret,
        kind: 'mnemonic',
        enclaveQuorumPublicKeys,
        organizationId: session.organizationId,
        userId,
      });
      // The words are no longer needed once sealed to the enclave.
      setPhrase('');
      const done = completed('import_wallet', await session.client.importWallet({ userId, walletName, encryptedBundle, accounts }, { wait: true }));
      const result = done.result.importWalletResult!;
      setImported(result);
      onImported?.({ walletId: result.walletId, addresses: result.addresses });
    });
  };

  return (
    <section className="sigil-kit-card" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="sigil-kit-title">Import a wallet</h2>
      {error && (
        <p className="sigil-kit-error" role="alert">
          {error}
        </p>
      )}
      {imported ? (
        <p role="status">
          Imported {walletName}
          {imported.addresses.length > 0 ? `: ${imported.addresses.join(', ')}` : ''}
        </p>
      ) : (
        <form className="sigil-kit-group" noValidate onSubmit={submit}>
          <div className="sigil-kit-field">
            <label htmlFor={`${id}-phrase`}>Seed phrase (12, 15, 18, 21 or 24 words)</label>
            <textarea
              id={`${id}-phrase`}
              rows={4}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="none"
              value={phrase}
              onChange={(event) => setPhrase(event.target.value)}
            />
          </div>
          <button type="submit" className="sigil-kit-button" disabled={busy}>
            Import
          </button>
        </form>
      )}
    </section>
  );
}
