// The BIP-39 word lists of the document's MnemonicLanguage enum, in one module so that a build can swap it
// for a smaller one (the docs site's sandbox carries English only).
import { wordlist as czech } from '@scure/bip39/wordlists/czech.js';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { wordlist as french } from '@scure/bip39/wordlists/french.js';
import { wordlist as italian } from '@scure/bip39/wordlists/italian.js';
import { wordlist as japanese } from '@scure/bip39/wordlists/japanese.js';
import { wordlist as korean } from '@scure/bip39/wordlists/korean.js';
import { wordlist as simplifiedChinese } from '@scure/bip39/wordlists/simplified-chinese.js';
import { wordlist as spanish } from '@scure/bip39/wordlists/spanish.js';
import { wordlist as traditionalChinese } from '@scure/bip39/wordlists/traditional-chinese.js';

export const WORDLISTS: Readonly<Record<string, string[]>> = {
  MNEMONIC_LANGUAGE_ENGLISH: english,
  MNEMONIC_LANGUAGE_SIMPLIFIED_CHINESE: simplifiedChinese,
  MNEMONIC_LANGUAGE_TRADITIONAL_CHINESE: traditionalChinese,
  MNEMONIC_LANGUAGE_CZECH: czech,
  MNEMONIC_LANGUAGE_FRENCH: french,
  MNEMONIC_LANGUAGE_ITALIAN: italian,
  MNEMONIC_LANGUAGE_JAPANESE: japanese,
  MNEMONIC_LANGUAGE_KOREAN: korean,
  MNEMONIC_LANGUAGE_SPANISH: spanish,
};
