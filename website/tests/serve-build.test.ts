import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {createBuildServer} from './serve-build.mjs';

describe('serve-build', () => {
  let root: string;
  let server: import('node:http').Server;
  let base: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'serve-build-'));
    await writeFile(join(root, 'index.html'), '<p>home</p>');
    await writeFile(join(root, '404.html'), '<p>not found</p>');
    server = createBuildServer(root);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(root, {recursive: true, force: true});
  });

  it('answers 400 to a path with broken percent-encoding and keeps serving', async () => {
    for (const path of ['/%ZZ', '/docs/%E0%A4%A', '/%']) {
      const response = await fetch(base + path);
      expect(response.status, path).toBe(400);
      await response.text();
    }
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe('<p>home</p>');
  });

  it('answers 404.html for a path that names no file', async () => {
    const response = await fetch(`${base}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<p>not found</p>');
  });
});
