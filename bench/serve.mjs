// Starts website/tests/serve-build.mjs (gzip, the build's _headers: what a static host sends) on a build folder
// and waits until it answers, so the benchmark, the profile and the CI check serve our site and the control alike.
import {spawn} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @returns {Promise<{origin: string, stop: () => void}>} */
export async function serveBuild(dir, port) {
  const child = spawn('node', [path.join(root, 'website', 'tests', 'serve-build.mjs'), '--port', String(port), '--dir', dir], {stdio: 'ignore'});
  const origin = `http://127.0.0.1:${port}`;
  let exited = false;
  child.on('exit', () => (exited = true));
  for (let i = 0; i < 100; i++) {
    if (exited) throw new Error(`The server for ${dir} exited (is port ${port} taken?)`);
    try {
      const r = await fetch(`${origin}/`);
      await r.arrayBuffer();
      if (r.ok) return {origin, stop: () => child.kill()};
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`The server for ${dir} did not answer on port ${port} within 10 s`);
}
