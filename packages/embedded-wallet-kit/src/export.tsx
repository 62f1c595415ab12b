import { decryptExportBundle, generateTargetKeyPair } from '@sigil/sdk-browser';
import type { MnemonicLanguage } from './api-types.js';
import { useId, useState } from 'react';
import { completed } from './activity.js';
import { SigilKitError } from './errors.js';
import { useSigilKit } from './provider.js';
import { useAction } from './use-action.js';

/** Props of `<SigilExport>`: give `walletId` or `address`. */
export interface SigilExportProps {
  /** Export the whole wallet's mnemonic (`export_wallet`). */
  walletId?: string;
  /** Export one account's private key instead (`export_wallet_account`). */
  address?: string;
  /** Word list of the exported mnemonic. Default `'MNEMONIC_LANGUAGE_ENGLISH'`. */
  language?: MnemonicLanguage;
  /** What the user confirms before the secret is shown. */
  confirmText?: string;
  /** Called after the user has seen the secret and closed it. */
  onExported?: () => void;
}

const DEFAULT_CONFIRM_TEXT = 'I understand that anyone with these words controls my funds.';

/** Exports a wallet or one account and shows the secret to the user; the words leave the page when it closes. */
export function SigilExport({ walletId, address, language = 'MNEMONIC_LANGUAGE_ENGLISH', confirmText = DEFAULT_CONFIRM_TEXT, onExported }: SigilExportProps) {
  if (!walletId === !address) throw new TypeError('SigilExport: give walletId or address, not both');
  const { session } = useSigilKit();
  const id = useId();
  const { busy, error, run } = useAction();
  const [confirmed, setConfirmed] = useState(false);
  const [secret, setSecret] = useState<string | undefined>(undefined);
  const what = walletId ? 'recovery phrase' : 'private key';

  const reveal = (): Promise<void | undefined> =>
    run(async () => {
      if (!session) throw new SigilKitError('no-session', 'Sign in before exporting');
      if (!confirmed) throw new SigilKitError('invalid-input', 'Confirm that you understand before the secret is shown');
      // A fresh key per export: the bundle opens only here, and only for this export.
      const target = generateTargetKeyPair();
      let bundle: string;
      if (walletId) {
        const activity = completed('export_wallet', await session.client.exportWallet({ walletId, targetPublicKey: target.targetPublicKey, language }, { wait: true }));
        bundle = activity.result.exportWalletResult!.exportBundle;
      } else {
        const activity = completed(
          'export_wallet_account',
          await session.client.exportWalletAccount({ address: address!, targetPublicKey: target.targetPublicKey }, { wait: true }),
        );
        bundle = activity.result.exportWalletAccountResult!.exportBundle;
      }
      try {
        setSecret(await decryptExportBundle(bundle, target.privateKey, walletId ? 'mnemonic' : 'privateKey'));
      } catch (failure) {
        throw new SigilKitError('invalid-bundle', `The export bundle did not open: ${failure instanceof Error ? failure.message : String(failure)}`, {
          cause: failure,
        });
      }
    });

  const close = (): void => {
    setSecret(undefined);
    setConfirmed(false);
    onExported?.();
  };

  return (
    <section className="sigil-kit-card" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`} className="sigil-kit-title">Export your {what}</h2>
      {error && (
        <p className="sigil-kit-error" role="alert">
          {error}
        </p>
      )}
      {secret === undefined ? (
        <>
          <p className="sigil-kit-warning">{confirmText}</p>
          <div className="sigil-kit-check">
            <input id={`${id}-confirm`} type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
            <label htmlFor={`${id}-confirm`}>{confirmText}</label>
          </div>
          <button type="button" className="sigil-kit-button" disabled={busy || !confirmed} onClick={() => void reveal()}>
            Show my {what}
          </button>
        </>
      ) : (
        <>
          {walletId ? (
            <ol className="sigil-kit-words" aria-label="Recovery phrase">
              {secret.split(' ').map((word, index) => (
                <li key={index}>{word}</li>
              ))}
            </ol>
          ) : (
            <p className="sigil-kit-secret" aria-label="Private key">
              {secret}
            </p>
          )}
          <button type="button" className="sigil-kit-button" onClick={close}>
            I have saved it, close
          </button>
        </>
      )}
    </section>
  );
}
