import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readKeyFile, writeNewKeyFile, writeProfileFields } from './key-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sigil-key-file-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeProfileFields', () => {
  it('adds the organization and URL, keeps the key pair and the 0600 mode', async () => {
    const path = join(dir, 'key.json');
    const pair = await writeNewKeyFile(path, false);
    await writeProfileFields(path, { organizationId: 'org-1', baseUrl: 'http://127.0.0.1:8787' });
    const saved = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
    expect(saved).toEqual({ ...pair, organizationId: 'org-1', baseUrl: 'http://127.0.0.1:8787' });
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('never lets a reader see a half-written file', async () => {
    // The emulator rewrites the key file just after its banner, when a script may already be reading it.
    const path = join(dir, 'key.json');
    const pair = await writeNewKeyFile(path, false);
    let writing = true;
    const writes = (async () => {
      for (let i = 0; i < 200; i++) await writeProfileFields(path, { organizationId: `org-${i}`, baseUrl: `http://127.0.0.1:${8000 + i}` });
      writing = false;
    })();
    let reads = 0;
    while (writing) {
      expect((await readKeyFile(path)).publicKey).toBe(pair.publicKey);
      reads++;
    }
    await writes;
    expect(reads).toBeGreaterThan(0);
  });

  it('says which file it could not update, and leaves no temporary file behind', async () => {
    const path = join(dir, 'missing.json');
    await expect(writeProfileFields(path, { organizationId: 'o', baseUrl: 'http://x' })).rejects.toThrow(`Cannot record the organization and URL in ${path} (ENOENT)`);
    expect(await readdir(dir)).toEqual([]);
  });
});
