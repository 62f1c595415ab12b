// The sandbox's stand-in for the emulator core's wallets/wordlists.js (swapped in by plugins/sandbox): English only,
// to keep the worker small. The core answers code 12 naming the language for any other MnemonicLanguage.
import {wordlist as english} from '@scure/bip39/wordlists/english.js';

export const WORDLISTS: Readonly<Record<string, string[]>> = {MNEMONIC_LANGUAGE_ENGLISH: english};
