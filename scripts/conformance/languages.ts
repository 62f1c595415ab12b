/**
 * The SDKs the conformance scenario drives, one entry each: how to get the scenario program ready (once) and the
 * command that runs it. Each program reads the same environment and prints one JSON object of answers (README.md).
 * Another SDK joins with its program and one more entry here.
 */
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const here = path.dirname(new URL(import.meta.url).pathname);
export const repo = path.resolve(here, '../..');

export interface ScenarioLanguage {
  id: string;
  /** Builds what the program needs; returns the command and arguments that run it. Throws when the toolchain is missing. */
  prepare(workDir: string): Promise<{command: string; args: string[]; cwd?: string}>;
}

export function exec(command: string, args: string[], options: {cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number} = {}): Promise<{code: number; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    execFile(command, args, {cwd: options.cwd, env: {...process.env, ...options.env}, timeout: options.timeoutMs ?? 120_000, maxBuffer: 8 << 20}, (error, stdout, stderr) =>
      resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr: stderr || (error && typeof error.code !== 'number' ? String(error) : '')}),
    );
  });
}

export const LANGUAGES: ScenarioLanguage[] = [
  {
    id: 'typescript',
    async prepare() {
      return {command: process.execPath, args: [path.join(here, 'typescript/scenario.mjs')]};
    },
  },
  {
    id: 'go',
    async prepare(workDir) {
      const binary = path.join(workDir, 'conformance-go');
      // Offline: the SDK comes from packages/go through go.mod's replace; nothing is downloaded.
      const built = await exec('go', ['build', '-o', binary, '.'], {
        cwd: path.join(here, 'go'),
        env: {GOFLAGS: '-mod=mod', GOPROXY: 'off', GOWORK: 'off', GOTOOLCHAIN: 'local'},
        timeoutMs: 240_000,
      });
      if (built.code !== 0) throw new Error(`go build of the Go scenario failed (is golang-go installed?):\n${built.stderr}`);
      return {command: binary, args: []};
    },
  },
  {
    id: 'ruby',
    async prepare() {
      return {command: 'ruby', args: ['-I', path.join(repo, 'packages/ruby/lib'), path.join(here, 'ruby/scenario.rb')]};
    },
  },
  {
    id: 'rust',
    async prepare() {
      // Offline from Debian's crates (rust/.cargo/config.toml), into packages/rust/target with the SDK's features
      // and profile, so the SDK and its dependencies compiled there are reused and only the scenario is built.
      const targetDir = path.join(repo, 'packages/rust/target');
      const cargo = [path.join(os.homedir(), '.cargo/bin/cargo')].find((candidate) => existsSync(candidate)) ?? 'cargo';
      const built = await exec(cargo, ['build', '--offline', '--quiet', '--message-format', 'short'], {
        cwd: path.join(here, 'rust'),
        env: {CARGO_TARGET_DIR: targetDir, CARGO_TERM_COLOR: 'never'},
        timeoutMs: 280_000,
      });
      if (built.code !== 0) throw new Error(`cargo build of the Rust scenario failed (are cargo and Debian's librust-*-dev crates installed?):\n${built.stderr}`);
      return {command: path.join(targetDir, 'debug/sigil-conformance'), args: []};
    },
  },
];
