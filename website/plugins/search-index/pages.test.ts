import {gzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {decodeFragment, pageOfFragment} from './pages';

const fragment = (json: unknown): Buffer => gzipSync(Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from(JSON.stringify(json))]));

describe('pages of the index', () => {
  it('reads a page from its fragment: path, title, and the section and kind it was tagged with', () => {
    const page = pageOfFragment(
      decodeFragment(
        fragment({url: '/api/wallets/create-wallet', meta: {title: 'Create\u200b wallet '}, filters: {section: ['API reference'], kind: ['operation']}, content: '…'}),
      ),
    );
    expect(page).toEqual({url: '/api/wallets/create-wallet', title: 'Create wallet', section: 'API reference', kind: 'operation'});
  });

  it('falls back to the path for a missing title, section or kind', () => {
    expect(pageOfFragment(decodeFragment(fragment({url: '/sdks/cli', meta: {}, filters: {}})))).toEqual({
      url: '/sdks/cli',
      title: '/sdks/cli',
      section: 'SDKs',
      kind: 'guide',
    });
  });

  it('refuses files that are not Pagefind fragments', () => {
    expect(() => decodeFragment(gzipSync(Buffer.from('{"url":"/x"}')))).toThrow(/signature/);
    expect(() => pageOfFragment(decodeFragment(fragment({meta: {title: 'X'}})))).toThrow(/url/);
  });
});
