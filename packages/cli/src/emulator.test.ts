// `sigil emulator`: run as a user would, through the built bin, in a child process.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readKeyFile } from './key-file.js';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function sigil(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: options.cwd, env: { PATH: process.env.PATH ?? '', ...options.env } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

function shell(command: string, cwd: string): Promise<Result> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', command], { cwd, env: { PATH: process.env.PATH ?? '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

interface Running {
  child: ChildProcess;
  url: string;
  banner: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `sigil emulator start …` and resolves once its banner is complete. */
function startEmulator(args: string[], cwd: string): Promise<Running> {
  const child = spawn(process.execPath, [BIN, 'emulator', 'start', '--port', '0', ...args], { cwd, env: { PATH: process.env.PATH ?? '' } });
  let stdout = '';
  let stderr = '';
  // 'close', not 'exit': it comes after the child's output has been read to the end.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 20 s: ${stdout}${stderr}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const url = /Sigil emulator listening on (\S+)/.exec(stdout)?.[1];
      if (url && stdout.includes('This is a development tool')) {
        clearTimeout(timer);
        resolve({ child, url, banner: stdout, output: () => stdout, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code}: ${stderr}`));
    });
  });
}

async function stop(running: Running): Promise<number | null> {
  running.child.kill('SIGTERM');
  return running.exited;
}

let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error('Build the CLI first: npm run build -w @sigil/cli');
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sigil-emulator-cli-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('sigil emulator start', { timeout: 60_000 }, () => {
  it('prints a banner whose example command works as pasted, and keeps the organization across a restart with --data', async () => {
    const data = join(dir, 'data');
    const first = await startEmulator(['--data', data], dir);
    children.push(first.child);
    const keyFile = join(data, 'root-api-key.json');
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(first.banner).toContain(`API key file   ${keyFile}`);
    expect(first.banner).toContain(`State          kept in ${data}`);
    expect(first.banner).toMatch(/Organization   Emulator Organization \(([0-9a-f-]+)\), created now/);
    expect(first.banner).toContain("the platform's enclaves");
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    // The file is what `sigil request --key` reads.
    const pair = await readKeyFile(keyFile);
    expect(first.banner).toContain(`public key ${pair.publicKey}`);

    const organizationId = /Organization   .* \(([0-9a-f-]+)\)/.exec(first.banner)![1]!;
    const userId = /Root user      root \(([^)]+)\)/.exec(first.banner)![1]!;
    const example = first.banner.split('\n').find((line) => line.includes(' request --base-url '))!.trim();
    const answer = await shell(example, dir);
    expect(answer.stderr).toBe('');
    expect(answer.code).toBe(0);
    // A table of the answer's fields, as every command prints by default.
    expect(answer.stdout).toMatch(new RegExp(`^organizationId +${organizationId}$`, 'm'));
    expect(answer.stdout).toMatch(new RegExp(`^userId +${userId}$`, 'm'));
    expect(answer.stdout).toMatch(/^username +root$/m);

    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain(`Stopped; state kept in ${data}.`);

    const second = await startEmulator(['--data', data], dir);
    children.push(second.child);
    expect(second.banner).toContain(`(${organizationId})`);
    expect(second.banner).not.toContain('created now');
    expect(second.banner).toContain(`public key ${pair.publicKey}`);
    const again = await shell(second.banner.split('\n').find((line) => line.includes(' request --base-url '))!.trim(), dir);
    expect(again.stdout).toMatch(new RegExp(`^organizationId +${organizationId}$`, 'm'));
    expect(await stop(second)).toBe(0);
  });

  it('without --data writes the key to ./.sigil-emulator and reuses it on the next start', async () => {
    const first = await startEmulator([], dir);
    children.push(first.child);
    const keyFile = join(dir, '.sigil-emulator', 'root-api-key.json');
    expect(first.banner).toContain(`API key file   ${keyFile}`);
    expect(first.banner).toContain('State          in memory');
    const { publicKey } = await readKeyFile(keyFile);
    await stop(first);
    const second = await startEmulator([], dir);
    children.push(second.child);
    expect(second.banner).toContain(`public key ${publicKey}`);
    await stop(second);
  });

  it('exports on exit, and a new emulator imports the file', async () => {
    const exported = join(dir, 'state.json');
    const first = await startEmulator(['--export', exported], dir);
    children.push(first.child);
    const organizationId = /Organization   .* \(([0-9a-f-]+)\)/.exec(first.banner)![1]!;
    await stop(first);
    expect(first.output()).toContain(`state exported to ${exported}`);
    const state = JSON.parse(await readFile(exported, 'utf8')) as { format: string };
    expect(state.format).toBe('sigil-emulator-state');

    const keyFile = join(dir, '.sigil-emulator', 'root-api-key.json');
    const second = await startEmulator(['--import', exported, '--key-file', keyFile], dir);
    children.push(second.child);
    expect(second.banner).toContain(`(${organizationId})`);
    expect(second.banner).toContain(`Imported from  ${exported}`);
    await stop(second);
  });

  it('explains a port in use, an unusable import file and a bad data directory', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const busy = await sigil(['emulator', 'start', '--port', String(port)], { cwd: dir });
      expect(busy.code).toBe(1);
      expect(busy.stderr.trim()).toBe(`sigil: Port ${port} on 127.0.0.1 is in use: stop what runs there or pass --port <another port> (0 picks a free one)`);
    } finally {
      blocker.close();
    }

    const missing = await sigil(['emulator', 'start', '--port', '0', '--import', join(dir, 'nope.json')], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe(`sigil: State file ${join(dir, 'nope.json')} not found: check the path`);

    const notState = join(dir, 'not-state.json');
    await writeFile(notState, '{"hello":1}');
    const wrong = await sigil(['emulator', 'start', '--port', '0', '--import', notState], { cwd: dir });
    expect(wrong.stderr).toMatch(/is not an emulator state/);

    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    const badData = await sigil(['emulator', 'start', '--port', '0', '--data', file], { cwd: dir });
    expect(badData.code).toBe(1);
    expect(badData.stderr.trim()).toBe(`sigil: --data ${file} is a file: give a directory (it is created if missing)`);

    const badPort = await sigil(['emulator', 'start', '--port', '80000'], { cwd: dir });
    expect(badPort.code).toBe(2);
    expect(badPort.stderr.trim()).toBe('sigil: --port must be a whole number from 0 to 65535 (got "80000")');

    const unknown = await sigil(['emulator', 'begin'], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('sigil: Unknown command "emulator begin": run `sigil emulator --help`');
  });

  it('--pending-polls keeps a new activity PENDING for that many get_activity reads', async () => {
    const running = await startEmulator(['--pending-polls', '1'], dir);
    children.push(running.child);
    expect(running.banner).toContain('  Activities     new ones stay in ACTIVITY_STATUS_PENDING for 1 get_activity read before they run');
    const keyFile = join(dir, '.sigil-emulator', 'root-api-key.json');
    const organizationId = /Organization   .* \(([0-9a-f-]+)\)/.exec(running.banner)![1]!;
    const call = async (path: string, body: unknown) => {
      const answer = await sigil(['request', '--base-url', running.url, '--key', keyFile, '--path', path, '--body', JSON.stringify(body), '--json'], { cwd: dir });
      expect(answer.stderr).toBe('');
      return JSON.parse(answer.stdout) as { activity: { id: string; status: string } };
    };
    const submitted = await call('/public/v1/submit/create_user_tag', {
      type: 'ACTIVITY_TYPE_CREATE_USER_TAG',
      timestampMs: String(Date.now()),
      organizationId,
      parameters: { userTagName: 'ops', userIds: [] },
    });
    expect(submitted.activity.status).toBe('ACTIVITY_STATUS_PENDING');
    const reads = [];
    for (let i = 0; i < 2; i++) reads.push((await call('/public/v1/query/get_activity', { organizationId, activityId: submitted.activity.id })).activity.status);
    expect(reads).toEqual(['ACTIVITY_STATUS_PENDING', 'ACTIVITY_STATUS_COMPLETED']);
    expect(await stop(running)).toBe(0);

    const bad = await sigil(['emulator', 'start', '--port', '0', '--pending-polls', 'two'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim()).toBe('sigil: --pending-polls must be a whole number from 0 to 1000 (got "two")');
  });

  it('--frames serves the iframe stamper frames on their own port and prints their URLs', async () => {
    const running = await startEmulator(['--frames', '--frames-port', '0'], dir);
    children.push(running.child);
    const authUrl = /Sign-in frame {2}(\S+)/.exec(running.banner)?.[1];
    const exportUrl = /Export frame {3}(\S+)/.exec(running.banner)?.[1];
    expect(authUrl).toMatch(/^http:\/\/localhost:\d+\/auth\/$/);
    expect(exportUrl).toBe(authUrl!.replace('/auth/', '/export/'));
    // Another port than the API: the frames are cross-origin to the emulator and to the app.
    expect(new URL(authUrl!).port).not.toBe(new URL(running.url).port);
    const local = (url: string) => url.replace('localhost', '127.0.0.1');
    const page = await fetch(local(authUrl!));
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('data-frame="auth"');
    const script = await fetch(local(new URL('../frame.js', authUrl).href));
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await fetch(local(new URL('/..%2f..%2fpackage.json', authUrl).href))).status).toBe(404);
    expect(await stop(running)).toBe(0);

    const lone = await sigil(['emulator', 'start', '--port', '0', '--frames-port', '0'], { cwd: dir });
    expect([lone.code, lone.stderr.trim()]).toEqual([2, 'sigil: --frames-port goes with --frames']);
  });

  it('--help describes the commands and the development-only warning', async () => {
    const help = await sigil(['emulator', 'start', '--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--port', '--host', '--data', '--import', '--export', '--key-file', '--pending-polls', '--frames', '--frames-port', '--no-rate-limit', '--accept-data-loss', 'sigil emulator export', 'sigil emulator import']) {
      expect(help.stdout).toContain(flag);
    }
    expect(help.stdout).toContain("none of the protection the platform's");
  });
});

describe('sigil emulator export and import', { timeout: 60_000 }, () => {
  it('saves a running emulator’s state and loads it into a new data directory', async () => {
    const running = await startEmulator([], dir);
    children.push(running.child);
    const organizationId = /Organization   .* \(([0-9a-f-]+)\)/.exec(running.banner)![1]!;
    const out = join(dir, 'saved.json');
    const exported = await sigil(['emulator', 'export', '--out', out], { cwd: dir, env: { SIGIL_BASE_URL: running.url } });
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(new RegExp(`^Wrote \\d+ records to ${out}\\n$`));
    await stop(running);

    const data = join(dir, 'imported');
    const imported = await sigil(['emulator', 'import', '--file', out, '--data', data], { cwd: dir });
    expect(imported.code).toBe(0);
    const twice = await sigil(['emulator', 'import', '--file', out, '--data', data], { cwd: dir });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/already holds a state/);

    const keyFile = join(dir, '.sigil-emulator', 'root-api-key.json');
    const restored = await startEmulator(['--data', data, '--key-file', keyFile], dir);
    children.push(restored.child);
    expect(restored.banner).toContain(`(${organizationId})`);
    await stop(restored);
  });

  it('says when there is no emulator to export from', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const result = await sigil(['emulator', 'export', '--out', join(dir, 'x.json'), '--url', `http://127.0.0.1:${port}`]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^sigil: Could not reach the emulator at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`));
  });
});

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
