// Command-line options for every command, parsed by node:util's parseArgs but with messages written for the reader:
// an unknown option names the command and the nearest valid option, a missing value says which option needs one.
// parseArgs' own text ("To specify a positional argument starting with a '-' …") answers a question nobody asked.
import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;

/** Options that commands used to take, and what replaced them. */
const REPLACED: Record<string, string> = {
  output: '--json prints the answer as JSON; without it every command prints a table',
};

/** Edit distance with transpositions (Damerau-Levenshtein, optimal string alignment): "nmae" is one step from "name". */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The valid option nearest to `typed`, or undefined when none is near enough to be a likely typo: at most two edits,
 * and fewer than half the letters; a valid option that starts with what was typed (`--org` for `--organization`) also
 * counts.
 */
export function nearestOption(typed: string, valid: readonly string[]): string | undefined {
  const prefixed = valid.filter((name) => typed.length >= 2 && name.startsWith(typed));
  if (prefixed.length === 1) return prefixed[0];
  let best: { name: string; distance: number } | undefined;
  for (const name of valid) {
    const distance = editDistance(typed, name);
    if (distance <= 2 && distance < Math.max(typed.length, name.length) / 2 && (!best || distance < best.distance)) {
      best = { name, distance };
    }
  }
  return best?.name;
}

/**
 * The option from parseArgs' error message, which carries no field for it: the long form where the message has one
 * (`'-o, --out <value>'` gives `--out`), else the short one (`-x`).
 */
function optionInMessage(message: string): string | undefined {
  const quoted = /'(-[^']*)'/.exec(message)?.[1];
  if (quoted === undefined) return undefined;
  return /--[^\s=,]+/.exec(quoted)?.[0] ?? /-[^\s=,]+/.exec(quoted)?.[0];
}

/**
 * parseArgs with the command's name in every error: `command` is how the reader invoked it (`sigil wallets create`).
 * Unknown options, options without their value and values given to a switch are UsageErrors (exit code 2).
 */
export function parseOptions<T extends OptionSpec>(
  command: string,
  args: string[],
  options: T,
  allowPositionals = false,
): ReturnType<typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: boolean }>> {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) throw error;
    const message = (error as Error).message;
    const written = optionInMessage(message);
    const help = `run \`${command} --help\``;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && written) {
      const name = written.replace(/^-+/, '').split('=')[0]!;
      if (REPLACED[name] && !(name in options)) {
        throw new UsageError(`${command} has no option --${name}: ${REPLACED[name]}`);
      }
      const suggestion = nearestOption(name, Object.keys(options));
      throw new UsageError(
        suggestion
          ? `Unknown option ${written} for \`${command}\`: did you mean --${suggestion}? (${help})`
          : `Unknown option ${written} for \`${command}\` (${help})`,
      );
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && written) {
      const name = written.replace(/^-+/, '').split(/[ =]/)[0]!;
      const spec = Object.entries(options).find(([long, o]) => long === name || o.short === name);
      if (spec?.[1].type === 'string') throw new UsageError(`--${spec[0]} needs a value, as in --${spec[0]} <value> (${help})`);
      if (spec) throw new UsageError(`--${spec[0]} takes no value (${help})`);
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
      const got = /'([^']*)'/.exec(message)?.[1];
      throw new UsageError(`\`${command}\` takes no argument${got === undefined ? '' : ` (got "${got}")`}: options start with -- (${help})`);
    }
    throw new UsageError(`${message.split('\n')[0]!.replace(/\.$/, '')} (${help})`);
  }
}
