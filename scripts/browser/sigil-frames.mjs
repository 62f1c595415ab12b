// The iframe stamper's frames for browser checks that answer every request of a tab themselves (the README
// examples, the doc checker): requests to FRAMES_ORIGIN, where `sigil emulator start --frames` serves them, get
// the built files of @sigil/iframe-stamper's dist/frames, as the emulator's frames server would answer.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const FRAMES_ORIGIN = 'http://localhost:8788';
const FRAMES_DIR = fileURLToPath(new URL('../../packages/iframe-stamper/dist/frames', import.meta.url));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript' };

/** Answers a Playwright route of FRAMES_ORIGIN with a frame file, or 404. */
export async function serveFrame(route, url) {
  const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
  const type = TYPES[path.slice(path.lastIndexOf('.'))];
  const body = type && !path.includes('..') ? await readFile(`${FRAMES_DIR}${path}`).catch(() => undefined) : undefined;
  return body ? route.fulfill({ contentType: type, body }) : route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
}
