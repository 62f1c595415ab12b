// Blocks marked `background="portValue"`: a program that runs until stopped (a webhook receiver, a server), listening
// on the port the session value `portValue` holds (the block gets it with `replace`, e.g. replace="8080=>webhookPort").
// The checker starts it with tsx, waits until the port accepts connections, runs the `whileRunning` hooks of the
// unit's setups (what the program waits for: an activity whose webhook it receives), then waits until its standard
// output matches the block's `expect-output`, and stops it. It fails when it exits first, or does not match in time.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';

/** Resolves once something accepts TCP connections on 127.0.0.1:`port`; false when `stillRunning()` turns false first or `deadline` passes. */
async function waitForPort(port, { stillRunning, deadline }) {
  while (Date.now() < deadline && stillRunning()) {
    const open = await new Promise((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * Runs `file` as a background block. `whileRunning()` makes what it waits for; `expectOutput` (a RegExp) is the state
 * that ends the wait. Resolves like spawnWithTimeout: `{ code, stdout, stderr, timedOut }`.
 */
export async function runBackgroundBlock({ file, cwd, env, tsx, port, whileRunning, expectOutput, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  const child = spawn(process.execPath, [tsx, file], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let exitCode;
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on('close', (code) => resolve((exitCode = code ?? 1))));
  const stop = async () => {
    if (exitCode !== undefined) return;
    try {
      // The whole group: tsx starts a second node process.
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await exited;
  };
  const failed = (message) => ({ code: exitCode || 1, stdout, stderr: `${stderr}${stderr && !stderr.endsWith('\n') ? '\n' : ''}${message}`, timedOut: false });
  try {
    if (!(await waitForPort(port, { stillRunning: () => exitCode === undefined, deadline }))) {
      if (exitCode !== undefined) return failed(`exited with ${exitCode} before it listened on port ${port}`);
      return failed(`did not listen on port ${port} within ${timeoutMs / 1000} s`);
    }
    try {
      await whileRunning();
    } catch (error) {
      return failed(`while it ran: ${error.message}`);
    }
    // Woken by each chunk of output or the exit; the deadline bounds the wait.
    let wake = () => {};
    child.stdout.on('data', () => wake());
    while (Date.now() < deadline && exitCode === undefined && !expectOutput.test(stdout)) {
      let timer;
      await Promise.race([new Promise((resolve) => (wake = resolve)), exited, new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))]);
      clearTimeout(timer);
    }
    if (exitCode !== undefined && !expectOutput.test(stdout)) return failed(`exited with ${exitCode} while it should run until stopped`);
    // Matched (passes), or the time ran out (judge reports the output that did not match).
    return { code: 0, stdout, stderr, timedOut: false };
  } finally {
    await stop();
  }
}
