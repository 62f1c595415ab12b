// A new reader on a fresh machine, word for word: a clone of this repository in a temporary home folder, then the
// README, Local development and the quickstart, their commands taken from the pages, up to a signature verified
// against the emulator. The quickstart's project (outside the repository, its @sigil packages from the local
// registry as a reader installs them, third-party ones from npm's cache) then runs examples of the server SDK, viem
// adapter and CLI pages too, so a package missing a `files` entry, an export or a dependency fails here. Then the
// pages' yarn and pnpm tabs, each in a project of its own: Yarn 1, pnpm (whose strict node_modules catches an
// undeclared dependency) and Yarn 4, with the scope set up as Local development's tab for each says.
//
// What differs from a reader's machine, and why:
// - HOME is a temporary folder, so `~/sigil-docs` and the npm settings the pages write (`npm config set`) land there;
//   global installs go to a prefix inside it, and npm's cache is the machine's, used offline first.
// - The emulator and the registry get `-- --port 0` (tests never bind fixed ports), and their printed URLs replace
//   the default ones in the commands that follow, as the pages' own emulator IDs are replaced.
// - After the clone's `npm ci`, the libraries' dist/ folders are copied from this checkout: the build's fingerprints
//   (scripts/build-packages.mjs) then find them current, as they would after a reader's first build, and the first
//   `npm run emulator` builds nothing. A library changed and not committed here is rebuilt in the clone.
// - Yarn 1, Yarn 4 and pnpm are the versions pinned in scripts/registry/package.json, installed in the clone with
//   Verdaccio, on PATH through small scripts in HOME (package-managers.ts). Their caches and global folders are in
//   HOME (Yarn 1's global folder set with YARN_GLOBAL_FOLDER: as root it would be /usr/local), pnpm's global bin
//   folder is set as `pnpm setup` would set it, and CI's variable is dropped for them.
// - The README's `npm start` dev server is left out: its build is the same library build, and the site is the
//   end-to-end tests' (bench/loops measures its first page).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneCommands } from '../../website/src/components/CloneRepository/commands';
import { Page, readmeBlock } from './pages';
import { Background, mustRun } from './processes';
import { IMPORT_EVERY_EXPORT, packageManagerTerminals } from './package-managers';
import { createServerClient } from '@sigil/sdk-server';

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const EXAMPLE_ORGANIZATION_ID = 'f3b0c9a4-2d71-4c1e-9f55-7a1e3c8d2b60';
const EXAMPLE_BASE_URL = 'https://api.sigil.example';
const DEFAULT_EMULATOR_URL = 'http://127.0.0.1:8787';
const DEFAULT_REGISTRY_URL = 'http://127.0.0.1:4873';

const localDevelopment = Page.read(repo, 'website/docs/getting-started/local-development.mdx');
const quickstart = Page.read(repo, 'website/docs/getting-started/quickstart.mdx');
const serverSdk = Page.read(repo, 'website/docs/sdks/javascript-server.mdx');
const viemPage = Page.read(repo, 'website/docs/sdks/web3/viem.mdx');
const cliPage = Page.read(repo, 'website/docs/sdks/cli.mdx');
const automationQuickstart = Page.read(repo, 'website/docs/getting-started/signing-automation-quickstart.mdx');
const sigilClientPage = Page.read(repo, 'website/docs/sdks/advanced/sigil-client.mdx');
const browserSdk = Page.read(repo, 'website/docs/sdks/javascript-browser.mdx');

/** A @sigil/viem account signs a message that viem itself verifies; the address to sign with is its argument. */
const VIEM_CHECK = [
  "import {createAccount} from '@sigil/viem';",
  "import {createServerClient} from '@sigil/sdk-server';",
  "import {verifyMessage} from 'viem';",
  'const account = await createAccount({client: createServerClient(), signWith: process.argv[2] as `0x${string}`});',
  "const signature = await account.signMessage({message: 'Sign in to Example'});",
  "console.log('valid', await verifyMessage({address: account.address, message: 'Sign in to Example', signature}));",
].join('\n');

/** Seconds per phase, printed at the end so CI's log shows where the time goes. */
const timings: Array<[string, number]> = [];
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    timings.push([label, (Date.now() - started) / 1000]);
  }
}

/** The workspace's libraries and the other outputs their builds declare, to copy into the clone. */
function buildOutputs(): string[] {
  const { workspaces } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { workspaces: string[] };
  const paths: string[] = [];
  for (const dir of workspaces.filter((w) => w.startsWith('packages/'))) {
    const manifest = JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')) as { sigil?: { buildOutputs?: string[] } };
    paths.push(join(dir, 'dist'));
    for (const output of manifest.sigil?.buildOutputs ?? []) paths.push(join(dir, output));
  }
  return paths.filter((p) => existsSync(join(repo, p)));
}

describe('a fresh clone, following the README, Local development and the quickstart word for word', { timeout: 1_200_000 }, () => {
  let home: string;
  let clone: string;
  let env: NodeJS.ProcessEnv;
  const running: Background[] = [];
  let emulatorUrl = '';
  let organizationId = '';
  let registryUrl = '';

  /** A page's lines with this run's emulator, organization and registry for the defaults the pages show. */
  const ours = (script: string): string =>
    script
      .replaceAll(DEFAULT_EMULATOR_URL, emulatorUrl)
      .replaceAll(EXAMPLE_BASE_URL, emulatorUrl)
      .replaceAll(EXAMPLE_ORGANIZATION_ID, organizationId)
      .replaceAll(DEFAULT_REGISTRY_URL, registryUrl);

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'sigil-fresh-clone-'));
    const cache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
    // A new terminal: none of npm's variables from the process that runs the test, none of Sigil's.
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|SIGIL_|NODE_OPTIONS$|VITEST)/i.test(k)));
    const prefix = join(home, '.npm-global');
    env = {
      ...inherited,
      HOME: home,
      PATH: `${join(prefix, 'bin')}:${process.env.PATH ?? ''}`,
      npm_config_cache: cache,
      npm_config_prefer_offline: 'true',
      npm_config_prefix: prefix,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    };
  });

  afterAll(async () => {
    for (const process of running) await process.stop();
    console.log(`fresh clone: ${timings.map(([label, s]) => `${label} ${s.toFixed(1)} s`).join(', ')}`);
    if (home) rmSync(home, { recursive: true, force: true });
    // Removing the clone and four projects' node_modules can take minutes on a busy disk.
  }, 600_000);

  it('clones and installs with Local development step 1, then finds the libraries already built', async () => {
    const folder = /<CloneRepository folder="([^"]+)"/.exec(localDevelopment.text)?.[1];
    expect(folder).toBe('sigil-docs');
    const [cloneLine, ...rest] = cloneCommands(repo, folder!).split('\n');
    clone = join(home, folder!);
    await timed('git clone', () => mustRun(cloneLine!, home, env));
    for (const path of buildOutputs()) cpSync(join(repo, path), join(clone, path), { recursive: true });
    await timed('npm ci', () => mustRun(rest.join('\n'), home, env, 1_200_000));
    const build = await timed('incremental build', () => mustRun('npm run build:packages', clone, env, 480_000));
    expect(build.stdout).toMatch(/build-packages: (all \d+ libraries are up to date|built \d+)/);
  });

  it("starts the emulator with the README's command and talks to it with the README's sigil commands", async () => {
    const command = readmeBlock(repo, 'npm run emulator');
    expect(command).toBe('npm run emulator');
    const emulator = new Background(`${command} -- --port 0`, clone, env);
    running.push(emulator);
    const banner = await timed('emulator to listen', () => emulator.waitFor(/listening on (http:\/\/\S+)[\s\S]*Organization\s+.*\(([0-9a-f-]{36})\)/, 240_000));
    emulatorUrl = banner[1]!;
    organizationId = banner[2]!;
    expect(emulator.text).toContain(join(clone, '.sigil-emulator/root-api-key.json'));

    const wallets = await mustRun(readmeBlock(repo, 'npx sigil wallets create'), clone, { ...env, SIGIL_BASE_URL: emulatorUrl });
    expect(wallets.stdout).toContain('Main');
  });

  it("checks the connection and runs whoami.ts with Local development's steps 2 to 4", async () => {
    const session = localDevelopment.blocks.filter((b) => /session="local"/.test(b.meta));
    const [environment, health, whoami] = session.filter((b) => b.lang === 'bash').map((b) => ours(b.code));
    expect(environment).toContain('export SIGIL_BASE_URL=');
    const checked = await mustRun(`${environment}\n${health}\n${whoami}`, clone, env);
    expect(checked.stdout).toContain('"status":"ok"');
    expect(checked.stdout).toContain('"username": "root"');

    // Step 4: cd examples, save whoami.ts, run it with the page's command.
    const cd = localDevelopment.shell('cd examples');
    const run = localDevelopment.shell('npx tsx whoami.ts');
    const write = `cat > whoami.ts <<'SIGIL_EOF'\n${localDevelopment.titled('whoami.ts')}\nSIGIL_EOF`;
    const result = await timed('examples/whoami.ts', () => mustRun(`${environment}\n${cd}\n${write}\n${run}`, clone, env));
    expect(result.stdout).toMatch(/^root in Emulator Organization \(/m);
  });

  it("starts the local registry and points the @sigil scope at it with Local development's step 5 (npm)", async () => {
    const command = localDevelopment.shell('npm run registry');
    expect(command).toBe('npm run registry');
    const registry = new Background(`${command} -- --port 0`, clone, env);
    running.push(registry);
    registryUrl = (await timed('registry to serve', () => registry.waitFor(/Local npm registry listening on (http:\/\/\S+?),/, 240_000)))[1]!;
    await mustRun(ours(localDevelopment.shell('npm config set @sigil:registry')), clone, env);
    expect(readFileSync(join(home, '.npmrc'), 'utf8')).toContain(`@sigil:registry=${registryUrl}/`);
  });

  let project: string;
  let quickstartEnvironment: string;
  let address: string;

  it("installs the CLI and the SDK with the quickstart's steps 2 and 3, from the local registry", async () => {
    const step2 = quickstart.shell('npm install --global @sigil/cli');
    await timed('quickstart step 2 (global CLI)', () => mustRun(step2, home, env));
    project = join(home, 'sigil-quickstart');
    expect(readFileSync(join(home, '.npm-global/lib/node_modules/@sigil/cli/package.json'), 'utf8')).toContain('"@sigil/cli"');

    const step3 = quickstart.shell('npm install @sigil/sdk-server');
    const noble = quickstart.shell('npm install @noble/curves @noble/hashes');
    await timed('quickstart step 3 (SDK, tsx, noble)', () => mustRun(`${step3}\n${noble}`, project, env));
    // The lockfile's tarball is the one the local registry serves, not a link into the clone.
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version: string; integrity?: string; link?: boolean }>;
    };
    const locked = lock.packages['node_modules/@sigil/sdk-server']!;
    expect(locked.link).toBeUndefined();
    const served = (await (await fetch(`${registryUrl}/@sigil%2fsdk-server`)).json()) as {
      versions: Record<string, { dist: { integrity: string } }>;
    };
    expect(locked.integrity).toBe(served.versions[locked.version]!.dist.integrity);

    quickstartEnvironment = ours(quickstart.shell('$HOME/sigil-docs/.sigil-emulator/root-api-key.json'));
  });

  /** Saves `code` as `file` in the quickstart's folder and runs it as the page says, in a new shell with the variables. */
  const runExample = async (file: string, code: string, environment = quickstartEnvironment): Promise<string> => {
    const write = `cat > ${file} <<'SIGIL_EOF'\n${code}\nSIGIL_EOF`;
    const result = await timed(file, () => mustRun(`${environment}\n${write}\nnpx tsx ${file}`, project, env));
    expect(result.stderr).toBe('');
    return result.stdout;
  };

  it('runs whoami, then create-wallet and sign twice each, up to a verified signature (Emulator tab)', async () => {
    expect(await runExample('whoami.ts', quickstart.titled('whoami.ts'))).toMatch(/^root in Emulator Organization \(/);
    const addresses: string[] = [];
    for (const attempt of [1, 2]) {
      const out = await runExample('create-wallet.ts', quickstart.titled('create-wallet.ts'));
      const match = /^wallet \S+ address (0x[0-9a-fA-F]{40})$/m.exec(out);
      expect(match, `create-wallet.ts, run ${attempt}: ${out}`).not.toBeNull();
      addresses.push(match![1]!);
    }
    expect(addresses[0]).not.toBe(addresses[1]);
    address = addresses[1]!;
    const sign = quickstart.titled('sign.ts').replace('0x6E1c4bC1c2a8d6c0b1F0A3a8e1f2D4c5B6a7e8F9', address);
    for (const attempt of [1, 2]) {
      expect(await runExample('sign.ts', sign), `sign.ts, run ${attempt}`).toMatch(new RegExp(`^signature verified: it was made by ${address}$`, 'm'));
    }
  });

  it("follows the Sigil tab with a key from step 2's `sigil keys generate`, added to the root user as in the dashboard", async () => {
    const generate = quickstart.shell('sigil keys generate --out sigil-api-key.json');
    const out = await mustRun(generate, project, env);
    const { publicKey } = JSON.parse(readFileSync(join(project, 'sigil-api-key.json'), 'utf8')) as { publicKey: string };
    expect(out.stdout).toContain(publicKey);
    // The dashboard's "add an API key", done here with the emulator's root key.
    const root = JSON.parse(readFileSync(join(clone, '.sigil-emulator/root-api-key.json'), 'utf8')) as { publicKey: string; privateKey: string };
    const client = createServerClient({ baseUrl: emulatorUrl, organizationId, apiPublicKey: root.publicKey, apiPrivateKey: root.privateKey });
    const { userId } = await client.whoami({});
    const added = await client.createApiKeys({ userId, apiKeys: [{ apiKeyName: 'quickstart', publicKey, curveType: 'API_KEY_CURVE_P256' }] });
    expect(added.status).toBe('ACTIVITY_STATUS_COMPLETED');

    const sigilTab = ours(quickstart.shell('export SIGIL_API_KEY_FILE="$PWD/sigil-api-key.json"'));
    expect(await runExample('whoami.ts', quickstart.titled('whoami.ts'), sigilTab)).toMatch(/^root in Emulator Organization \(/);
  });

  it("installs with the server SDK and viem pages' npm commands and runs their examples there", async () => {
    const serverInstall = serverSdk.shell('npm install @sigil/sdk-server');
    const viemInstall = viemPage.shell('npm install @sigil/viem');
    await timed('server SDK and viem installs', () => mustRun(`${serverInstall}\n${viemInstall}`, project, env));

    expect(await runExample('whoami.ts', serverSdk.titled('whoami.ts'))).toMatch(/^signed in as root in Emulator Organization$/m);
    const signTransaction = serverSdk.titled('sign-transaction.ts').replace('0x6E1c4bC1c2a8d6c0b1F0A3a8e1f2D4c5B6a7e8F9', address);
    expect(await runExample('sign-transaction.ts', signTransaction)).not.toBe('');

    // The viem page's error helper loads @sigil/viem, @sigil/sdk-server and viem as installed; then its account signs
    // a message that viem itself verifies.
    await runExample('errors.ts', viemPage.titled('errors.ts'));
    const write = `cat > viem-check.ts <<'SIGIL_EOF'\n${VIEM_CHECK}\nSIGIL_EOF`;
    const viem = await timed('viem account', () => mustRun(`${quickstartEnvironment}\n${write}\nnpx tsx viem-check.ts ${address}`, project, env));
    expect(viem.stdout.trim()).toBe('valid true');
  });

  it("runs the CLI page's commands through npx @sigil/cli, from the registry", async () => {
    expect(cliPage.text).toContain('`npx @sigil/cli <command>`');
    const list = await timed('npx @sigil/cli', () =>
      mustRun(`${quickstartEnvironment}\nmkdir -p "$HOME/elsewhere" && cd "$HOME/elsewhere"\nnpx --yes @sigil/cli wallets list --json`, project, env),
    );
    const { wallets } = JSON.parse(list.stdout) as { wallets: Array<{ walletName: string }> };
    expect(wallets.map((w) => w.walletName)).toContain('Main');
  });

  // Yarn and pnpm: the pages' yarn and pnpm tabs, each in a project of its own, with the scope set up as the Local
  // development page's tab for that tool says.
  let terminals: { classic: NodeJS.ProcessEnv; berry: NodeJS.ProcessEnv };

  /** A new project in `~/<name>`, made with the quickstart's own `npm init` lines (ES modules). */
  const newProject = async (name: string, terminal: NodeJS.ProcessEnv): Promise<string> => {
    const folder = join(home, name);
    mkdirSync(folder);
    const init = quickstart
      .shell('npm init --yes')
      .split('\n')
      .filter((line) => /^npm (init|pkg set)\b/.test(line));
    expect(init).toEqual(['npm init --yes', 'npm pkg set type=module']);
    await mustRun(init.join('\n'), folder, terminal);
    return folder;
  };

  /** Runs the server SDK page's whoami.ts in `folder` with `runner` (`npx tsx` or `yarn tsx`). */
  const serverWhoami = async (label: string, folder: string, runner: string, terminal: NodeJS.ProcessEnv): Promise<void> => {
    const write = `cat > whoami.ts <<'SIGIL_EOF'\n${serverSdk.titled('whoami.ts')}\nSIGIL_EOF`;
    const result = await timed(`${label} whoami.ts`, () => mustRun(`${quickstartEnvironment}\n${write}\n${runner} whoami.ts`, folder, terminal));
    expect(result.stdout).toMatch(/^signed in as root in Emulator Organization$/m);
  };

  /** The one text in backquotes on `page` that matches `pattern` (commands the pages give in a sentence). */
  const inline = (page: Page, pattern: RegExp): string => {
    const found = [...page.text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!).filter((code) => pattern.test(code));
    if (new Set(found).size !== 1) throw new Error(`${page.path}: expected one inline command matching ${pattern}, found ${JSON.stringify(found)}`);
    return found[0]!;
  };

  it("Yarn 1 (npm's scope setting): the server SDK page's yarn add and whoami.ts, the CLI page's yarn global add", async () => {
    terminals = packageManagerTerminals(home, join(clone, 'scripts/registry/node_modules'), env);
    const terminal = terminals.classic;
    expect((await mustRun('yarn --version', home, terminal)).stdout.trim()).toMatch(/^1\./);
    expect(localDevelopment.text).toContain('Yarn 1 reads npm\'s settings: use the npm command.');
    const project = await newProject('yarn-project', terminal);
    await timed('yarn 1 installs', () => mustRun(`${serverSdk.shell('yarn add @sigil/sdk-server')}\nyarn add --dev tsx`, project, terminal));
    expect(readFileSync(join(project, 'yarn.lock'), 'utf8')).toContain(`resolved "${registryUrl}/@sigil/sdk-server/-/sdk-server-`);
    await serverWhoami('yarn 1', project, 'npx tsx', terminal);

    // The global CLI from npm's install goes first, so the `sigil` that answers is Yarn's.
    await mustRun('npm uninstall --global @sigil/cli', home, terminal);
    await timed('yarn 1 global CLI', () => mustRun(cliPage.shell('yarn global add @sigil/cli'), home, terminal));
    const where = (await mustRun('command -v sigil', home, terminal)).stdout.trim();
    expect(realpathSync(where)).toContain(join(home, '.yarn-global'));
    const list = await mustRun(`${quickstartEnvironment}\nsigil wallets list --json`, home, terminal);
    expect((JSON.parse(list.stdout) as { wallets: Array<{ walletName: string }> }).wallets.map((w) => w.walletName)).toContain('Main');
  });

  it("pnpm: its Local development tab, the pages' pnpm add commands into strict node_modules, every export loaded, examples run, the global CLI", async () => {
    const terminal = terminals.classic;
    expect((await mustRun('pnpm --version', home, terminal)).stdout.trim()).toMatch(/^10\./);
    // Undo npm's setting with the page's own command, so the scope is pnpm's tab's doing.
    await mustRun(inline(localDevelopment, /^npm config delete @sigil:registry$/), home, terminal);
    // npm removes the file when that was its only line.
    expect(existsSync(join(home, '.npmrc')) ? readFileSync(join(home, '.npmrc'), 'utf8') : '').not.toContain('@sigil:registry');
    await mustRun(ours(localDevelopment.shell('pnpm config set @sigil:registry')), home, terminal);
    expect(readFileSync(join(home, '.npmrc'), 'utf8')).toContain(`@sigil:registry=${registryUrl}/`);

    const project = await newProject('pnpm-project', terminal);
    const installs = [
      serverSdk.shell('pnpm add @sigil/sdk-server'),
      viemPage.shell('pnpm add @sigil/viem'),
      automationQuickstart.shell('pnpm add @sigil/sdk-server @sigil/policy'),
      sigilClientPage.shell('pnpm add @sigil/http'),
      browserSdk.shell('pnpm add @sigil/sdk-browser'),
      'pnpm add --save-dev tsx',
    ];
    await timed('pnpm installs', () => mustRun(installs.join('\n'), project, terminal));
    // Strict: only the project's own dependencies are at the top, so a package's undeclared import cannot resolve.
    expect(existsSync(join(project, 'node_modules/.pnpm'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/@noble'))).toBe(false);
    // pnpm's lockfile keeps no registry URL: the integrity of the tarball this registry serves shows where it came from.
    const served = (await (await fetch(`${registryUrl}/@sigil%2fsdk-server`)).json()) as { 'dist-tags': { latest: string }; versions: Record<string, { dist: { integrity: string } }> };
    const integrity = served.versions[served['dist-tags'].latest]!.dist.integrity;
    expect(readFileSync(join(project, 'pnpm-lock.yaml'), 'utf8')).toContain(`'@sigil/sdk-server@${served['dist-tags'].latest}':\n    resolution: {integrity: ${integrity}}`);

    const write = `cat > import-every-export.mjs <<'SIGIL_EOF'\n${IMPORT_EVERY_EXPORT}\nSIGIL_EOF`;
    const loaded = await timed('pnpm every export', () => mustRun(`${write}\nnode import-every-export.mjs`, project, terminal));
    expect(loaded.stdout.trim().split(' ').sort()).toEqual(
      ['@sigil/api-key-stamper', '@sigil/http', '@sigil/http/ethereum-signer', '@sigil/policy', '@sigil/policy/examples', '@sigil/sdk-browser', '@sigil/sdk-server', '@sigil/viem'],
    );

    await serverWhoami('pnpm', project, 'npx tsx', terminal);
    const viemWrite = `cat > viem-check.ts <<'SIGIL_EOF'\n${VIEM_CHECK}\nSIGIL_EOF`;
    const viem = await timed('pnpm viem account', () => mustRun(`${quickstartEnvironment}\n${viemWrite}\nnpx tsx viem-check.ts ${address}`, project, terminal));
    expect(viem.stdout.trim()).toBe('valid true');

    await timed('pnpm global CLI', () => mustRun(cliPage.shell('pnpm add --global @sigil/cli'), home, terminal));
    expect((await mustRun('command -v sigil', home, terminal)).stdout.trim()).toBe(join(terminal.PNPM_HOME!, 'sigil'));
    const list = await mustRun(`${quickstartEnvironment}\nsigil wallets list --json`, home, terminal);
    expect((JSON.parse(list.stdout) as { wallets: Array<{ walletName: string }> }).wallets.map((w) => w.walletName)).toContain('Main');
  });

  it("Yarn 4: the yarn tab's settings, the server SDK page's yarn add, whoami.ts with yarn tsx, the CLI page's yarn dlx, then the undo", async () => {
    const terminal = terminals.berry;
    expect((await mustRun('yarn --version', home, terminal)).stdout.trim()).toMatch(/^4\./);
    await mustRun(ours(localDevelopment.shell('yarn config set -H npmScopes.sigil.npmRegistryServer')), home, terminal);
    const settings = readFileSync(join(home, '.yarnrc.yml'), 'utf8');
    expect(settings).toContain(`npmRegistryServer: "${registryUrl}"`);

    const project = await newProject('yarn4-project', terminal);
    await timed('yarn 4 installs', () => mustRun(`${serverSdk.shell('yarn add @sigil/sdk-server')}\nyarn add --dev tsx`, project, terminal));
    // Plug'n'Play, Yarn's default: no node_modules, hence the page's `yarn tsx` in place of `npx tsx`.
    expect(existsSync(join(project, '.pnp.cjs'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/@sigil'))).toBe(false);
    const run = inline(localDevelopment, /^yarn tsx whoami\.ts$/);
    await serverWhoami('yarn 4', project, run.replace(/ whoami\.ts$/, ''), terminal);

    const dlx = inline(cliPage, /^yarn dlx @sigil\/cli <command>$/).replace(' <command>', '');
    const elsewhere = join(home, 'yarn4-elsewhere');
    mkdirSync(elsewhere);
    const list = await timed('yarn 4 dlx CLI', () => mustRun(`${quickstartEnvironment}\n${dlx} wallets list --json`, elsewhere, terminal));
    // Yarn prints its own progress first; the CLI's JSON is what follows it.
    const { wallets } = JSON.parse(list.stdout.slice(list.stdout.search(/^\{/m))) as { wallets: Array<{ walletName: string }> };
    expect(wallets.map((w) => w.walletName)).toContain('Main');

    await mustRun(inline(localDevelopment, /^yarn config unset -H npmScopes\.sigil$/), home, terminal);
    expect(readFileSync(join(home, '.yarnrc.yml'), 'utf8')).not.toContain('npmScopes');
  });
});
