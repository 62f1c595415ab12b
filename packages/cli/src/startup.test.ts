import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/sigil.js', import.meta.url));

// A module hook that refuses to resolve the emulator's entry points, so a command that loads the emulator fails.
const REFUSE_EMULATOR = `export async function resolve(specifier, context, next) {
  if (specifier === '@sigil/emulator' || specifier === '@sigil/emulator/node') throw new Error('the CLI loaded ' + specifier);
  return next(specifier, context);
}`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(REFUSE_EMULATOR)}`)});`;

function sigilWithoutEmulator(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, BIN, ...args],
      { env: { PATH: process.env.PATH ?? '' } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('start-up: only `sigil emulator` loads the emulator', () => {
  it('answers --version, the usage and an API group’s help without resolving @sigil/emulator', async () => {
    const version = await sigilWithoutEmulator(['--version']);
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const usage = await sigilWithoutEmulator(['--help']);
    expect(usage.code, usage.stderr).toBe(0);
    expect(usage.stdout).toContain('sigil emulator start');
    const group = await sigilWithoutEmulator(['wallets', '--help']);
    expect(group.code, group.stderr).toBe(0);
  });

  it('does load it for `sigil emulator`, so the check above can fail', async () => {
    const emulator = await sigilWithoutEmulator(['emulator', '--help']);
    expect(emulator.code).not.toBe(0);
    expect(emulator.stderr).toContain('the CLI loaded @sigil/emulator/node');
  });
});
