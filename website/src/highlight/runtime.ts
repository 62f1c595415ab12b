/**
 * Highlighting in the browser, for code the build could not see: text a
 * widget produces (the request builder's curl command and answers). Loaded
 * on demand; pages whose code was highlighted at build time never load it.
 */
import './prism-global';
import 'prismjs/components/prism-swift';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-ruby';
import 'prismjs/components/prism-dart';
import {Prism, normalizeTokens} from 'prism-react-renderer';
import type {Token} from './tokens';

export function tokenize(code: string, language: string): Token[][] {
  const grammar = Prism.languages[language.toLowerCase()];
  return normalizeTokens(grammar ? Prism.tokenize(code, grammar) : [code]) as Token[][];
}
