import type { components } from '@sigil/sdk-browser';

/** Word list of an exported mnemonic, as the API document names them. */
export type MnemonicLanguage = components['schemas']['MnemonicLanguage'];
/** An account to derive in a new or imported wallet. */
export type WalletAccountParams = components['schemas']['WalletAccountParams'];
