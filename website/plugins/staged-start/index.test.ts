import {describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {STAGED_ENTRY, stagedEntry} from './index';

describe('stagedEntry', () => {
  it('replaces the browser entry of a production build only', () => {
    const docusaurus = '/repo/node_modules/@docusaurus/core/lib/client/clientEntry.js';
    expect(stagedEntry({mode: 'production', entry: docusaurus}, false)).toBe(STAGED_ENTRY);
    expect(stagedEntry({mode: 'development', entry: docusaurus}, false)).toBe(docusaurus);
    expect(stagedEntry({mode: 'production', entry: '/repo/node_modules/@docusaurus/core/lib/client/serverEntry.js'}, true)).toBe(
      '/repo/node_modules/@docusaurus/core/lib/client/serverEntry.js',
    );
  });

  it("ends by starting Docusaurus's own client entry, the one its configuration names", () => {
    const source = readFileSync(STAGED_ENTRY, 'utf8');
    const requires = [...source.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1]);
    expect(requires.at(-1)).toBe('@docusaurus/core/lib/client/clientEntry');
    const clientConfig = readFileSync(path.join(require.resolve('@docusaurus/core/package.json'), '..', 'lib/webpack/client.js'), 'utf8');
    expect(clientConfig).toContain("'../client/clientEntry.js'");
  });
});
