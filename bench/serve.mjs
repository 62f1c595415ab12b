// Starts website/tests/serve-build.mjs (gzip, the build's _headers: what a static host sends) on a build folder
// and waits until it answers, so the benchmark, the profile and the CI check serve our site and the control alike.
// Every server started here is stopped when the process ends, however it ends short of SIGKILL: on exit, and on
// SIGINT, SIGTERM and SIGHUP (after which the process exits with the signal's usual status).
import {spawn} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {freePort, requestedPort} from './ports.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const running = new Set();

function stopAll() {
  for (const child of running) child.kill();
  running.clear();
}
let handlersInstalled = false;
function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', stopAll);
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
    process.on(signal, () => {
      stopAll();
      process.exit(code);
    });
  }
}

/**
 * Serves `dir` on `port` (0 or absent: a free port the operating system picks, never one the Fetch standard blocks).
 * @returns {Promise<{origin: string, port: number, stop: () => void}>}
 */
export async function serveBuild(dir, port = 0) {
  installHandlers();
  const listenOn = requestedPort(port === 0 ? undefined : String(port)) || (await freePort());
  const child = spawn('node', [path.join(root, 'website', 'tests', 'serve-build.mjs'), '--port', String(listenOn), '--dir', dir], {stdio: 'ignore'});
  running.add(child);
  const stop = () => {
    child.kill();
    running.delete(child);
  };
  const origin = `http://127.0.0.1:${listenOn}`;
  let exited = false;
  child.on('exit', () => {
    exited = true;
    running.delete(child);
  });
  for (let i = 0; i < 100; i++) {
    if (exited) throw new Error(`The server for ${dir} exited (is port ${listenOn} taken?)`);
    try {
      const r = await fetch(`${origin}/`);
      await r.arrayBuffer();
      if (r.ok) return {origin, port: listenOn, stop};
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`The server for ${dir} did not answer on port ${listenOn} within 10 s`);
}
