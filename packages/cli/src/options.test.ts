import { describe, expect, it } from 'vitest';
import { UsageError } from './errors.js';
import { editDistance, nearestOption, parseOptions } from './options.js';

describe('nearestOption', () => {
  const flags = ['name', 'accounts', 'mnemonic-length', 'organization', 'base-url', 'key', 'json', 'help'];

  it('counts a swap of two letters as one edit', () => {
    expect(editDistance('nmae', 'name')).toBe(1);
    expect(editDistance('name', 'name')).toBe(0);
    expect(editDistance('acount', 'accounts')).toBe(2);
  });

  it('suggests the nearest option for a typo, and a unique option a prefix stands for', () => {
    expect(nearestOption('nmae', flags)).toBe('name');
    expect(nearestOption('acounts', flags)).toBe('accounts');
    expect(nearestOption('org', flags)).toBe('organization');
    expect(nearestOption('base-ulr', flags)).toBe('base-url');
  });

  it('suggests nothing when no option is near', () => {
    expect(nearestOption('colour', flags)).toBeUndefined();
    expect(nearestOption('x', flags)).toBeUndefined();
    expect(nearestOption('k', flags)).toBeUndefined();
  });
});

describe('parseOptions', () => {
  const spec = { out: { type: 'string' as const, short: 'o' }, force: { type: 'boolean' as const } };
  const failure = (args: string[]): string => {
    try {
      parseOptions('sigil keys generate', args, spec);
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      return (error as UsageError).message;
    }
    throw new Error('expected a UsageError');
  };

  it('returns the values parseArgs reads', () => {
    expect(parseOptions('sigil keys generate', ['--out', 'k.json', '--force'], spec).values).toEqual({ out: 'k.json', force: true });
  });

  it('says what is wrong in the words of the command', () => {
    expect(failure(['--ot', 'k.json'])).toBe('Unknown option --ot for `sigil keys generate`: did you mean --out? (run `sigil keys generate --help`)');
    expect(failure(['--out'])).toBe('--out needs a value, as in --out <value> (run `sigil keys generate --help`)');
    expect(failure(['--force=yes'])).toBe('--force takes no value (run `sigil keys generate --help`)');
    expect(failure(['extra'])).toBe('`sigil keys generate` takes no argument (got "extra"): options start with -- (run `sigil keys generate --help`)');
  });
});
