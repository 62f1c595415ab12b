/**
 * Applies a sample's personal edits (sample-env.ts) to its text and to its build-time tokens, so a personalised
 * sample keeps its colours without loading a highlighter: the new text takes the colour of the text it replaces.
 */
import {decodeTokens, encodeTokens, type Token} from '../../../../src/highlight/tokens';
import {personalEdits, sampleBaseUrl, sampleValue, type ReaderSettings, type SampleEdit, type SampleSetting} from '../../sample-env';
import type {CodeSamples} from '../../types';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each edit once per place it matches, left to right; text an edit wrote is not matched again. */
function editLine(text: string, types: string[][], edits: readonly SampleEdit[]): {text: string; types: string[][]} {
  const pattern = new RegExp(edits.map((edit) => escapeRegExp(edit.from)).join('|'), 'g');
  let out = '';
  const outTypes: string[][] = [];
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    const edit = edits.find((candidate) => candidate.from === match[0])!;
    out += text.slice(at, match.index);
    outTypes.push(...types.slice(at, match.index));
    const colour = types[match.index + Math.min(Math.max(edit.typeAt, 0), edit.from.length - 1)] ?? ['plain'];
    out += edit.to;
    for (let i = 0; i < edit.to.length; i++) outTypes.push(colour);
    at = match.index + match[0].length;
  }
  out += text.slice(at);
  outTypes.push(...types.slice(at));
  return {text: out, types: outTypes};
}

/** Runs of characters of the same types, as tokens. */
function regroup(text: string, types: string[][]): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = tokens[tokens.length - 1];
    const current = types[i]!;
    if (last && last.types.join(' ') === current.join(' ')) last.content += text[i];
    else tokens.push({types: current, content: text[i]!});
  }
  return tokens;
}

/**
 * The sample with the edits applied, and its tokens when the build's still describe it (else undefined: the
 * page then highlights it itself). Edits never span lines.
 */
export function personaliseSample(code: string, tokens: string | undefined, edits: readonly SampleEdit[]): {code: string; tokens?: string} {
  const usable = edits.filter((edit) => edit.from !== '' && !edit.from.includes('\n') && !edit.to.includes('\n'));
  if (usable.length === 0) return {code, ...(tokens === undefined ? {} : {tokens})};
  const decoded = tokens === undefined ? null : decodeTokens(tokens, code);
  const lines = code.split('\n');
  const outLines: string[] = [];
  const outTokens: Token[][] = [];
  lines.forEach((line, i) => {
    const lineTokens = decoded?.[i];
    // One entry per UTF-16 unit, as the token lengths count.
    const types = lineTokens
      ? lineTokens.flatMap((token) => (token.empty ? [] : Array.from({length: token.content.length}, () => token.types)))
      : Array.from({length: line.length}, () => ['plain']);
    const edited = editLine(line, types, usable);
    outLines.push(edited.text);
    if (lineTokens) outTokens.push(edited.text === line ? lineTokens : edited.text === '' ? [{types: ['plain'], content: '\n', empty: true}] : regroup(edited.text, edited.types));
  });
  const personal = outLines.join('\n');
  return decoded ? {code: personal, tokens: encodeTokens(outTokens)} : {code: personal};
}

/** The sample panel's tabs' samples, by `CodeSamples` key. */
export type SampleKey = Exclude<keyof CodeSamples, 'tokens' | 'organizationId'>;
const SAMPLE_KEYS: readonly SampleKey[] = ['typescript', 'curl', 'cli', 'python', 'go', 'ruby', 'rust'];

/** What the sample panel shows: each sample's text and tokens, and which of the reader's values are in them. */
export interface PanelSamples {
  code: Record<SampleKey, string>;
  tokens: Partial<Record<SampleKey, string>>;
  /** What the samples show of the reader's ("organization ID", "base URL"); empty when they are as documented. */
  personal: string[];
}

/**
 * An operation's samples with the reader's organization and base URL in, where sample-env.ts can put them. Runs in
 * the request builder's chunk: pages load this code only when a reader opens Try it.
 */
export function personaliseSamples(samples: CodeSamples, apiBaseUrl: string, reader: ReaderSettings): PanelSamples {
  const documented = {baseUrl: sampleBaseUrl(apiBaseUrl), organizationId: samples.organizationId};
  const code = {} as Record<SampleKey, string>;
  const tokens: Partial<Record<SampleKey, string>> = {};
  for (const key of SAMPLE_KEYS) {
    const personal = personaliseSample(samples[key], samples.tokens?.[key], personalEdits(key, documented, reader));
    code[key] = personal.code;
    if (personal.tokens !== undefined) tokens[key] = personal.tokens;
  }
  const differs = (setting: SampleSetting): boolean => {
    const value = sampleValue(setting, reader[setting]);
    return value !== undefined && value !== documented[setting];
  };
  return {code, tokens, personal: [...(differs('organizationId') ? ['organization ID'] : []), ...(differs('baseUrl') ? ['base URL'] : [])]};
}
