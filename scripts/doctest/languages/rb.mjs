// The doc checker's Ruby module (interface: scripts/doctest/README.md, "Language modules"): runs a page's ```ruby blocks
// with the system Ruby against the gem in packages/ruby, each after rb-prelude.rb, which gives a block the client
// the page's "Configure" section creates (SIGIL) and Rails.logger.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { spawnWithTimeout } from '../execute.mjs';

const PRELUDE = fileURLToPath(new URL('./rb-prelude.rb', import.meta.url));
const MINIMUM = [3, 1];

/** Whether the block creates the client itself (the page's initializer), so the prelude must not. */
export function definesClient(code) {
  return /^\s*SIGIL\s*=/m.test(code);
}

export default {
  id: 'rb',
  fences: ['ruby', 'rb'],

  async prepare({ repoRoot }) {
    let version;
    try {
      ({ stdout: version } = await promisify(execFile)('ruby', ['-e', 'print RUBY_VERSION']));
    } catch {
      throw new Error('The Ruby examples need ruby 3.1 or later on PATH (Debian: apt-get install ruby)');
    }
    const [major, minor] = version.split('.').map(Number);
    if (major < MINIMUM[0] || (major === MINIMUM[0] && minor < MINIMUM[1])) {
      throw new Error(`The Ruby examples need ruby ${MINIMUM.join('.')} or later; PATH has ${version}`);
    }
    return { lib: join(repoRoot, 'packages/ruby/lib') };
  },

  async run({ code, page, line, env, cwd, state, timeoutMs = 30_000 }) {
    const name = `${String(page).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${line}.rb`;
    const file = join(cwd, name);
    writeFileSync(file, code);
    const blockEnv = { ...process.env, ...env, SIGIL_DOCTEST_BLOCK_DEFINES_CLIENT: definesClient(code) ? '1' : '0' };
    const result = await spawnWithTimeout('ruby', ['-I', state.lib, '-r', PRELUDE, file], { cwd, env: blockEnv }, timeoutMs);
    const stderr = result.timedOut ? `${result.stderr}\nrb: the block did not finish within ${timeoutMs / 1000} s` : result.stderr;
    return { exitCode: result.code, stdout: result.stdout, stderr, timedOut: result.timedOut };
  },
};
