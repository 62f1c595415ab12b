// The sandbox's test hook (`window.__sigilSandbox`, src/sandbox/client.ts) exists in end-to-end test
// builds only. The client is bundled and minified here with the constants the plugin defines, as the
// site's build does, and the output is searched for the hook.
import path from 'node:path';
import {build} from 'esbuild';
import {describe, expect, it} from 'vitest';
import {sandboxDefinitions} from './index';

const client = path.join(__dirname, '../../src/sandbox/client.ts');

async function bundledClient(testHook: boolean): Promise<string> {
  const result = await build({entryPoints: [client], bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, define: sandboxDefinitions(testHook), logLevel: 'silent'});
  return result.outputFiles[0]!.text;
}

describe('the sandbox test hook', () => {
  it('is in a test build', async () => {
    expect(await bundledClient(true)).toContain('__sigilSandbox');
  });

  it('is not in a production build, not even as dead code', async () => {
    const text = await bundledClient(false);
    expect(text).not.toContain('__sigilSandbox');
    // The rest of the client is still there: the check above is not passing on an empty bundle.
    expect(text).toContain('sigil-sandbox');
  });
});
