import {describe, expect, it} from 'vitest';
import {cloneCommands} from './commands';

describe('cloneCommands', () => {
  it('clones the configured repository into the folder the page names, then installs', () => {
    expect(cloneCommands('https://git.example.org/acme/sigil-docs', 'sigil-docs')).toBe(
      'git clone https://git.example.org/acme/sigil-docs sigil-docs\ncd sigil-docs\nnpm ci',
    );
  });

  it('trims the spaces and trailing slashes a configured address may carry', () => {
    expect(cloneCommands(' https://github.com/sigil-example/docs/ ', 'docs').split('\n')[0]).toBe(
      'git clone https://github.com/sigil-example/docs docs',
    );
  });

  it('refuses an empty address instead of printing a command that cannot work', () => {
    expect(() => cloneCommands('  ', 'sigil-docs')).toThrow(/SIGIL_REPOSITORY_URL/);
  });
});
