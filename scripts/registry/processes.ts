// Shell commands as a reader's terminal runs them, and the long-running ones (the emulator, the registry) in terminals
// of their own, for the fresh-clone test.
import { spawn, type ChildProcess } from 'node:child_process';

export interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` with `bash -eo pipefail`, as a terminal would, and collects its output. */
export function sh(script: string, cwd: string | undefined, env: NodeJS.ProcessEnv, timeoutMs = 600_000): Promise<Result> {
  // A step whose folder an earlier, failed step should have made must not run in this process's folder instead.
  if (!cwd) return Promise.reject(new Error(`no folder to run this in (an earlier step failed):\n${script}`));
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-eo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Runs `script` and throws with its output when it fails, so a failing page command names itself in the test log. */
export async function mustRun(script: string, cwd: string | undefined, env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<Result> {
  const result = await sh(script, cwd, env, timeoutMs);
  if (result.status !== 0) {
    throw new Error(`this failed (exit ${result.status}) in ${cwd}:\n${script}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
  }
  return result;
}

/** A command left running in a terminal of its own (its own process group, so stopping it stops npm's children). */
export class Background {
  private output = '';
  private exited: number | null | undefined;
  private readonly child: ChildProcess;

  constructor(
    readonly script: string,
    cwd: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn('bash', ['-c', script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (this.output += chunk));
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.output += chunk));
    this.child.on('exit', (code) => (this.exited = code));
  }

  /** Resolves with `pattern`'s match once the output shows it; rejects if the command exits or `timeoutMs` passes. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const check = (): void => {
        const match = pattern.exec(this.output);
        if (match) return resolve(match);
        const why = this.exited !== undefined ? `exited with ${this.exited}` : Date.now() > deadline ? `printed no ${pattern} within ${timeoutMs} ms` : null;
        if (why) return reject(new Error(`\`${this.script}\` ${why}:\n${this.output}`));
        setTimeout(check, 200);
      };
      check();
    });
  }

  get text(): string {
    return this.output;
  }

  stop(): Promise<void> {
    if (this.exited !== undefined || this.child.pid === undefined) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      try {
        process.kill(-this.child.pid!, 'SIGTERM');
      } catch {
        resolve();
      }
    });
  }
}
