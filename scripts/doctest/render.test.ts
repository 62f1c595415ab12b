import { describe, expect, it } from 'vitest';
import { doctest, fixture } from './run-cli';
import { runSpec } from './execute.mjs';


describe('the render marker', () => {
  it('needs a browser or phone block; open needs a browser block', () => {
    expect(runSpec("browser render='<App />'")).toMatchObject({ run: true, browser: true, render: '<App />', errors: [] });
    expect(runSpec("phone render='<Screen />'")).toMatchObject({ run: true, phone: true, render: '<Screen />', errors: [] });
    expect(runSpec('render="<App />"').errors).toEqual(['render="<App />" mounts a React component in the browser tab or a React Native screen: add browser or phone']);
    expect(runSpec('browser open="emailLink" origin="http://localhost:3000"')).toMatchObject({ open: 'emailLink', origin: 'http://localhost:3000', errors: [] });
    expect(runSpec('open="emailLink"').errors).toEqual(['open="emailLink" navigates the browser tab: add browser']);
    expect(runSpec('browser origin="http://example.com"').errors).toHaveLength(1);
  });

  it('mounts components in Chromium, with a project block importing an earlier one, and fails on a thrown error and on a text it does not show; the same for a React Native screen', async () => {
    const { code, stdout, stderr } = await doctest('--dir', fixture('render'));
    const page = 'scripts/doctest/fixtures/render/components.mdx';
    expect(stdout).toContain(`ran ${page}:3\n`);
    // counter.tsx imports ./greeting, the block above, and the test clicks its button twice.
    expect(stdout).toContain(`ran ${page}:9\n`);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`FAIL ${page}:25 - exited with 1:\\n(.*\\n)*    Error: the component broke`));
    expect(stderr).toContain(`FAIL ${page}:31 - output does not match /^2 wallets$/:\n    1 wallets\n`);
    // A React Native screen in react-test-renderer: its button pressed against the emulator; a throwing screen fails.
    expect(stdout).toContain(`ran ${page}:37\n`);
    expect(stderr).toMatch(new RegExp(`FAIL ${page}:53 - exited with 1:\\n(.*\\n)*    Error: the screen broke`));
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('examples: 6 run (ts 6, sh 0, go 0, rb 0, rs 0), 0 type-checked only, 0 skipped');
  }, 120_000);
});
