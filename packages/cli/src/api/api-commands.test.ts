import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapi from '@sigil/api-spec/openapi.json' with { type: 'json' };
import { OPERATIONS } from '@sigil/api-spec';
import { startTestEmulator, type TestEmulator } from '@sigil/emulator/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { run } from '../main.js';
import { buildCatalog, COMMAND_TAGS } from './catalog.js';

const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function sigil(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: options.cwd, env: { PATH: process.env.PATH ?? '', ...options.env } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Runs the CLI in this process (the API tests make many calls; a process each would cost a second apiece). */
async function sigilHere(args: string[], env: Record<string, string>): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, { stdout: (text) => (stdout += `${text}\n`), stderr: (text) => (stderr += `${text}\n`), env, fetch: globalThis.fetch });
  return { code, stdout, stderr };
}

const schemas = (openapi as unknown as { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } }).components.schemas;

describe('the API commands come from the document', () => {
  const groups = buildCatalog();

  it('has one command for every operation of the organization, user, wallet, policy and activity tags', () => {
    const covered = groups.flatMap((group) => group.commands.map((command) => command.operation.operationId)).sort();
    const expected = OPERATIONS.filter((operation) => (COMMAND_TAGS as readonly string[]).includes(operation.tag)).map((o) => o.operationId).sort();
    expect(covered).toEqual(expected);
    expect(expected.length).toBeGreaterThan(20);
    for (const group of groups) {
      const names = group.commands.map((command) => command.name);
      expect(new Set(names).size, `${group.name}: ${names.join(', ')}`).toBe(names.length);
    }
  });

  it('has one flag for every request field but the organization', () => {
    for (const command of groups.flatMap((group) => group.commands)) {
      const schema = schemas[command.operation.kind === 'query' ? command.operation.requestSchema : command.operation.intentSchema!]!;
      const fields = Object.keys(schema.properties ?? {}).filter((field) => field !== 'organizationId');
      expect(command.flags.map((flag) => flag.field), command.operation.operationId).toEqual(fields);
      const flags = command.flags.map((flag) => flag.name);
      expect(new Set(flags).size, command.operation.operationId).toBe(flags.length);
    }
  });

  it('matches the command table of the CLI page (website/docs/sdks/cli.mdx)', async () => {
    const page = await readFile(new URL('../../../../website/docs/sdks/cli.mdx', import.meta.url), 'utf8');
    const rows = [...page.matchAll(/^\| `sigil ([a-z-]+)` \| (`[^|]+`) \|$/gm)].map(([, group, commands]) => [group, commands!.split(', ').map((c) => c.slice(1, -1))]);
    expect(rows).toEqual(groups.map((group) => [group.name, group.commands.map((command) => command.name)]));
  });

  it('names commands and flags after the group noun: wallets create --name, activities get <id>', () => {
    const wallets = groups.find((group) => group.name === 'wallets')!;
    const create = wallets.commands.find((command) => command.name === 'create')!;
    expect(create.operation.name).toBe('create_wallet');
    expect(create.flags.map((flag) => [flag.name, flag.field, flag.kind, flag.required])).toEqual([
      ['name', 'walletName', 'string', true],
      ['accounts', 'accounts', 'json', true],
      ['mnemonic-length', 'mnemonicLength', 'integer', false],
    ]);
    const activities = groups.find((group) => group.name === 'activities')!;
    expect(activities.commands.find((command) => command.name === 'get')!.positional?.field).toBe('activityId');
    const policies = groups.find((group) => group.name === 'policies')!;
    expect(policies.commands.map((command) => [command.name, command.operation.name])).toContainEqual(['create-policies', 'create_policies']);
  });
});

describe('sigil API commands against the emulator', { timeout: 60_000 }, () => {
  let emulator: TestEmulator;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    if (!existsSync(BIN)) throw new Error('Build the CLI first: npm run build -w @sigil/cli');
    emulator = await startTestEmulator();
    dir = await mkdtemp(join(tmpdir(), 'sigil-api-cli-'));
    const keyFile = join(dir, 'key.json');
    await writeFile(keyFile, JSON.stringify(emulator.rootKeys));
    env = { SIGIL_API_KEY_FILE: keyFile, SIGIL_ORGANIZATION_ID: emulator.organizationId, SIGIL_BASE_URL: emulator.url };
  });
  afterAll(async () => {
    await emulator?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await sigil(['--version'])).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('--help works for every group and every command', async () => {
    const top = await sigilHere(['--help'], {});
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('sigil wallets       <command>  get, list');
    const groups = buildCatalog();
    for (const group of groups) {
      const help = await sigilHere([group.name, '--help'], {});
      expect(help.code, group.name).toBe(0);
      for (const command of group.commands) expect(help.stdout).toContain(`  ${command.name}`);
    }
    const create = await sigilHere(['wallets', 'create', '--help'], {});
    expect(create.stdout).toContain('Usage: sigil wallets create --name <string> --accounts <json> [options]');
    expect(create.stdout).toContain('One of: 12, 15, 18, 21, 24.');
    expect((await sigilHere(['activities', 'get', '--help'], {})).stdout).toContain('Usage: sigil activities get <id> [options]');
  });

  it('creates a wallet, lists it as a table and as JSON, and reads its activity', async () => {
    const created = await sigilHere(['wallets', 'create', '--name', 'Treasury', '--accounts', '[]'], env);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/^status\s+ACTIVITY_STATUS_COMPLETED$/m);
    const activityId = /^activityId\s+(\S+)$/m.exec(created.stdout)![1]!;
    const walletId = /^result\.walletId\s+(\S+)$/m.exec(created.stdout)![1]!;

    const table = await sigilHere(['wallets', 'list'], env);
    expect(table.stdout.split('\n')[0]).toMatch(/^walletId\s+walletName/);
    expect(table.stdout).toMatch(new RegExp(`^${walletId}\\s+Treasury`, 'm'));

    const json = await sigilHere(['wallets', 'list', '--json'], env);
    expect(JSON.parse(json.stdout).wallets).toContainEqual(expect.objectContaining({ walletId, walletName: 'Treasury' }));

    const activity = await sigilHere(['activities', 'get', activityId, '--json'], env);
    expect(JSON.parse(activity.stdout).activity).toMatchObject({ id: activityId, type: 'ACTIVITY_TYPE_CREATE_WALLET', status: 'ACTIVITY_STATUS_COMPLETED' });
    const renamed = await sigilHere(['wallets', 'update', '--id', walletId, '--name', 'Reserve', '--json'], env);
    expect(JSON.parse(renamed.stdout)).toMatchObject({ status: 'ACTIVITY_STATUS_COMPLETED' });
    expect(JSON.parse((await sigilHere(['wallets', 'get', walletId, '--json'], env)).stdout).wallet.walletName).toBe('Reserve');
  });

  it('fills requests from --body, repeated list flags and numbers', async () => {
    const body = JSON.stringify({ walletName: 'From body', accounts: [] });
    const created = await sigilHere(['wallets', 'create', '--body', body, '--mnemonic-length', '24', '--json'], env);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).status).toBe('ACTIVITY_STATUS_COMPLETED');
    const listed = await sigilHere(['activities', 'list', '--filter-by-type', 'ACTIVITY_TYPE_CREATE_WALLET', '--filter-by-status', 'ACTIVITY_STATUS_COMPLETED', '--json'], env);
    const types = new Set((JSON.parse(listed.stdout).activities as Array<{ type: string }>).map((activity) => activity.type));
    expect([...types]).toEqual(['ACTIVITY_TYPE_CREATE_WALLET']);
  });

  it('refuses bad input with one line and exit code 2, before any request', async () => {
    const cases: Array<[string[], string]> = [
      [['wallets', 'create', '--name', 'X'], 'sigil: Missing --accounts: run `sigil wallets create --help`'],
      [['wallets', 'create', '--name', 'X', '--accounts', '[]', '--mnemonic-length', '13'], 'sigil: --mnemonic-length must be one of 12, 15, 18, 21, 24 (got "13")'],
      [['wallets', 'create', '--name', 'X', '--accounts', '[oops'], 'sigil: --accounts is not valid JSON'],
      [['activities', 'list', '--filter-by-status', 'DONE'], 'sigil: --filter-by-status must be one of ACTIVITY_STATUS_'],
      [['wallets', 'get', 'a', 'b'], 'sigil: sigil wallets get takes one argument, the id (got "a" "b"); run it with --help'],
      [['wallets', 'fly'], 'sigil: Unknown command "wallets fly": run `sigil wallets --help`'],
      [['wallets', 'list', '--colour'], 'sigil: Unknown option --colour for `sigil wallets list` (run `sigil wallets list --help`)'],
      [['wallets', 'create', '--nmae', 'X'], 'sigil: Unknown option --nmae for `sigil wallets create`: did you mean --name? (run `sigil wallets create --help`)'],
      [['wallets', 'create', '--name'], 'sigil: --name needs a value, as in --name <value> (run `sigil wallets create --help`)'],
      [['wallets', 'list', '--json=yes'], 'sigil: --json takes no value (run `sigil wallets list --help`)'],
      [['wallets', 'list', '--output', 'json'], 'sigil: sigil wallets list has no option --output: --json prints the answer as JSON'],
    ];
    for (const [args, message] of cases) {
      const result = await sigilHere(args, env);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.startsWith(message), `${args.join(' ')}: ${result.stderr}`).toBe(true);
    }
  });

  it('reports API errors with the code name from the document, and an unreachable API', async () => {
    const missing = await sigilHere(['wallets', 'get', '00000000-0000-4000-8000-000000000000'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^sigil: The API answered HTTP 404: .+ \(code 5 NOT_FOUND\)\n$/);
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = server.address() as AddressInfo;
        server.close(() => resolve(free));
      });
    });
    const down = await sigilHere(['wallets', 'list', '--base-url', `http://127.0.0.1:${port}`], env);
    expect(down.code).toBe(1);
    expect(down.stderr).toBe(`sigil: Could not reach http://127.0.0.1:${port} (ECONNREFUSED): is the API (or \`sigil emulator start\`) running there? Check --base-url\n`);
  });

  it('without a key file says how to get one', async () => {
    const result = await sigil(['wallets', 'list'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('No API key: pass --key <file>, set SIGIL_API_KEY_FILE, or run `sigil emulator start` in this directory');
  });
});

describe('the key file of `sigil emulator start` is the default profile', { timeout: 60_000 }, () => {
  let dir: string;
  let child: ChildProcess | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sigil-profile-'));
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('lets `sigil wallets create` and `sigil wallets list` run with no flag in the same directory', async () => {
    await mkdir(join(dir, 'unrelated'));
    child = spawn(process.execPath, [BIN, 'emulator', 'start', '--port', '0'], { cwd: dir, env: { PATH: process.env.PATH ?? '' } });
    const started = child;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no profile line within 20 s: ${out}`)), 20_000);
      started.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('run here by default')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const profile = JSON.parse(await readFile(join(dir, '.sigil-emulator', 'root-api-key.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(profile).sort()).toEqual(['baseUrl', 'organizationId', 'privateKey', 'publicKey']);
    const created = await sigil(['wallets', 'create', '--name', 'Default profile', '--accounts', '[]'], { cwd: dir });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const listed = await sigil(['wallets', 'list', '--json'], { cwd: dir });
    expect(JSON.parse(listed.stdout).wallets).toContainEqual(expect.objectContaining({ walletName: 'Default profile' }));
    const whoami = await sigil(['organizations', 'whoami', '--json'], { cwd: dir });
    expect(JSON.parse(whoami.stdout)).toMatchObject({ organizationId: profile.organizationId, username: 'root' });
  });
});
