import {describe, expect, it} from 'vitest';
import {sectionForPath} from './sections';

describe('sectionForPath', () => {
  it.each([
    ['/', 'Documentation'],
    ['/concepts/wallets', 'Documentation'],
    ['/api-overview/stamps', 'Documentation'],
    ['/sdks/javascript-server', 'SDKs'],
    ['/sdks', 'SDKs'],
    ['/embedded-wallets/overview', 'Solutions'],
    ['/signing-automation/code-examples/signing-transactions', 'Solutions'],
    ['/reference/aa-wallets', 'Solutions'],
    ['/api', 'API reference'],
    ['/api/', 'API reference'],
    ['/api/create-wallet#request', 'API reference'],
    ['/changelog/api-v1', 'Changelog'],
    ['/sdksx', 'Documentation'],
  ])('%s is in %s', (path, section) => {
    expect(sectionForPath(path)).toBe(section);
  });
});
