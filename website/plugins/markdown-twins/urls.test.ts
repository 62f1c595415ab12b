import {describe, expect, it} from 'vitest';
import {absoluteUrl, markdownPathFor} from './urls';

describe('markdownPathFor', () => {
  it.each([
    ['/features/sessions', '/features/sessions.md'],
    ['/features/sessions/', '/features/sessions.md'],
    ['/sdks/swift/', '/sdks/swift.md'],
    ['/sdks/swift/index.html', '/sdks/swift.md'],
    ['/api/', '/api.md'],
    ['/api/wallets/create-wallet', '/api/wallets/create-wallet.md'],
    ['/', '/index.md'],
    ['', '/index.md'],
  ])('%s -> %s', (route, expected) => {
    expect(markdownPathFor(route)).toBe(expected);
  });
});

describe('absoluteUrl', () => {
  it('joins with or without a trailing slash on the site URL', () => {
    expect(absoluteUrl('https://docs.sigil.example', '/llms.txt')).toBe('https://docs.sigil.example/llms.txt');
    expect(absoluteUrl('https://docs.sigil.example/', 'sdks/swift.md')).toBe('https://docs.sigil.example/sdks/swift.md');
  });
});
