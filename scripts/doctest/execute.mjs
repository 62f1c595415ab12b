// Runs documentation examples against a fresh emulator: TypeScript blocks with tsx, shell blocks with bash, and
// the blocks of the language modules in languages/ (Go, Ruby, Rust) with their module's `run`.
// run.mjs decides which blocks run (see README.md); this module groups them into units (one page session, or
// one lone block), gives each unit its own emulator and folder, and checks what the info string asserts.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BROWSER_CODE_VALUES, DEFAULT_ORIGIN, exportedNames, openBrowserPage } from './browser.mjs';
import { SETUPS } from './setups.mjs';
import { parseRoute, startBackend } from './backend.mjs';
import { runBackgroundBlock } from './background.mjs';
import { renderModule } from './phone-render.mjs';

/** The example organization ID the pages use; a running block gets the emulator's instead. */
export const EXAMPLE_ORGANIZATION_ID = 'f3b0c9a4-2d71-4c1e-9f55-7a1e3c8d2b60';
/** The API host the pages use; a running block calls the emulator instead. */
export const EXAMPLE_BASE_URL = 'https://api.sigil.example';
/** The key file name the pages use; each unit's folder holds the emulator root user's key under this name. */
export const KEY_FILE_NAME = 'sigil-api-key.json';
export const BLOCK_TIMEOUT_MS = 30_000;

const SHELL_LANGS = new Set(['bash', 'sh', 'shell']);
export const isShell = (lang) => SHELL_LANGS.has(lang);

/** True for a shell block that calls the API: a command line that starts with `sigil` or `curl`. */
export function callsApi(code) {
  return /^\s*(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:sigil|curl)\s/m.test(code);
}

/** True for TypeScript that imports a package that calls the API. */
export function talksToApi(code) {
  return /from ['"]@sigil\/(sdk-server|sdk-browser|http)['"]/.test(code);
}

/** Reads `key="value"`, `key='value'`, `key=value` and bare `flag` words of an info string; keys may repeat. */
export function parseMeta(meta) {
  const attributes = [];
  const pattern = /([A-Za-z][\w-]*)(?:=(?:"([^"]*)"|'([^']*)'|(\S+)))?/g;
  let match;
  while ((match = pattern.exec(meta))) {
    const value = match[2] ?? match[3] ?? match[4];
    attributes.push({ key: match[1], value });
  }
  const all = (key) => attributes.filter((a) => a.key === key).map((a) => a.value ?? '');
  const first = (key) => attributes.find((a) => a.key === key);
  return { attributes, all, first, has: (key) => Boolean(first(key)) };
}

/**
 * What an info string asks of a running block. Errors (a malformed capture or replace) are returned, not thrown,
 * so the page's line can be named.
 */
export function runSpec(meta) {
  const m = parseMeta(meta);
  const errors = [];
  const skipRun = m.first('skip-run');
  const reason = m.first('reason')?.value;
  const session = m.first('session')?.value;
  const captures = m.all('capture').map((text) => {
    const at = text.indexOf('=');
    const name = text.slice(0, at);
    let source = text.slice(at + 1);
    if (at <= 0 || !/^[A-Za-z]\w*$/.test(name)) {
      errors.push(`capture="${text}": write capture="name=regex" (a name, then a regex whose first group is the value)`);
      return undefined;
    }
    if (source.startsWith('/') && source.endsWith('/') && source.length > 1) source = source.slice(1, -1);
    try {
      return { name, regex: new RegExp(source, 'm') };
    } catch (error) {
      errors.push(`capture="${text}": ${error.message}`);
      return undefined;
    }
  });
  const replaces = m.all('replace').map((text) => {
    const at = text.lastIndexOf('=>');
    if (at <= 0) {
      errors.push(`replace="${text}": write replace="text on the page=>name"`);
      return undefined;
    }
    return { text: text.slice(0, at), name: text.slice(at + 2) };
  });
  /** A marker whose value is a regular expression (multiline), or an error naming the marker. */
  const patternOf = (name) => {
    const text = m.first(name)?.value;
    if (text === undefined) return undefined;
    try {
      return new RegExp(text, 'm');
    } catch (error) {
      errors.push(`${name}="${text}": ${error.message}`);
      return undefined;
    }
  };
  const expectOutput = patternOf('expect-output');
  const browser = m.has('browser');
  // render="<Component />": a React component mounted in the tab (render.mjs), or a React Native screen (phone-render.mjs).
  const render = m.first('render')?.value;
  if (render !== undefined && !browser && !m.has('phone')) errors.push(`render="${render}" mounts a React component in the browser tab or a React Native screen: add browser or phone`);
  const call = m.first('call')?.value;
  const origin = m.first('origin')?.value;
  const page = m.first('page')?.value;
  if (page !== undefined && (!browser || !/^\/\S*$/.test(page))) errors.push(`page="${page}": a browser block's page address, a path such as page="/auth/email"`);
  const phone = m.has('phone');
  const routes = m.all('route').map(parseRoute);
  for (const route of routes) if (route.error) errors.push(route.error);
  if (routes.length && !m.has('backend')) errors.push('route serves a backend block\'s function: add backend');
  if (call !== undefined && !browser && !phone) errors.push(`call="${call}" needs a browser or phone block: add browser or phone`);
  // http://localhost:<port> too: a page on the same site as the iframe stamper's local frames (http://localhost:8788).
  if (origin !== undefined && !/^(https:\/\/[a-z0-9.-]+|http:\/\/localhost:\d+)$/.test(origin)) errors.push(`origin="${origin}": give an https origin without a path, e.g. origin="https://wallet.example.com", or http://localhost:<port>`);
  // open="name": the tab first navigates to that session value, a link of the app (open-link.mjs).
  const open = m.first('open')?.value;
  if (open !== undefined && !browser) errors.push(`open="${open}" navigates the browser tab: add browser`);
  const expectStderr = patternOf('expect-stderr');
  // A program that runs until stopped, listening on the port a session value holds (background.mjs).
  const background = m.first('background')?.value;
  if (m.has('background') && !/^[A-Za-z_$][\w$]*$/.test(background ?? '')) errors.push('background names the session value of the port the program listens on: background="webhookPort"');
  if (background !== undefined && !expectOutput) errors.push('background runs until stopped: expect-output says what it must print before the checker stops it');
  const backend = m.has('backend');
  if (backend && browser) errors.push('backend runs on the server: a block cannot be both backend and browser');
  if (phone && (browser || backend)) errors.push(`phone runs the block as React Native app code in Node: a block cannot be both phone and ${browser ? 'browser' : 'backend'}`);
  const setups = m.all('setup');
  for (const name of setups) {
    if (!Object.hasOwn(SETUPS, name)) errors.push(`setup="${name}": no such setup; the setups are ${Object.keys(SETUPS).join(', ')} (scripts/doctest/setups.mjs)`);
  }
  const codeText = m.first('expect-error-code')?.value;
  const expectErrorCode = codeText === undefined ? undefined : Number(codeText);
  if (codeText !== undefined && !/^\d+$/.test(codeText)) errors.push(`expect-error-code=${codeText}: give a number, e.g. expect-error-code=7`);
  return {
    run: m.has('run') || session !== undefined || browser || backend || phone || background !== undefined || setups.length > 0,
    background,
    backend,
    routes: routes.filter((route) => !route.error),
    phone,
    setups: setups.filter((name) => Object.hasOwn(SETUPS, name)),
    browser,
    render,
    open,
    call,
    origin,
    page,
    envFromOutput: m.has('env-from-output'),
    skipRun: skipRun ? { reason } : undefined,
    session,
    captures: captures.filter(Boolean),
    replaces: replaces.filter(Boolean),
    expectOutput,
    expectStderr,
    expectErrorCode,
    errors,
  };
}

/** The page's placeholders swapped for the unit's values: the conventional ones, then the block's `replace`s. */
export function substitute(code, spec, values) {
  let out = code.split(EXAMPLE_ORGANIZATION_ID).join(values.organizationId).split(EXAMPLE_BASE_URL).join(values.baseUrl);
  const missing = [];
  for (const { text, name } of spec.replaces) {
    if (values[name] === undefined) missing.push(name);
    else out = out.split(text).join(values[name]);
  }
  return { code: out, missing };
}

/**
 * Runs a command with a time limit, killing its whole process group when the limit passes (a compiler or `go run`
 * starts children). Resolves with its exit code and output; language modules use it for their blocks.
 */
export function spawnWithTimeout(command, args, options, timeoutMs) {
  return new Promise((resolvePromise) => {
    const { input, ...spawnOptions } = options;
    const child = spawn(command, args, { ...spawnOptions, detached: true, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (input !== undefined) child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole group: tsx starts a second node process.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? 1, stdout, stderr, timedOut });
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolvePromise({ code: 1, stdout, stderr: stderr + String(error), timedOut });
    });
  });
}

const errorCodePattern = (code) => new RegExp(`\\bcode"?:?\\s+${code}\\b`);

/** Checks a finished block against its spec; returns the failure message or undefined. */
export function judge(result, spec) {
  const tail = (text) => text.trim().split('\n').slice(-15).join('\n');
  if (result.timedOut) return `did not finish within ${BLOCK_TIMEOUT_MS / 1000} s`;
  if (spec.expectErrorCode !== undefined) {
    if (result.code === 0) return `expected to fail with code ${spec.expectErrorCode}, but it succeeded:\n${tail(result.stdout)}`;
    if (!errorCodePattern(spec.expectErrorCode).test(result.stderr + result.stdout)) {
      return `expected error code ${spec.expectErrorCode}, got:\n${tail(result.stderr || result.stdout)}`;
    }
    return undefined;
  }
  if (result.code !== 0) return `exited with ${result.code}:\n${tail(result.stderr || result.stdout)}`;
  if (spec.expectOutput && !spec.expectOutput.test(result.stdout)) {
    return `output does not match /${spec.expectOutput.source}/:\n${tail(result.stdout) || '(no output)'}`;
  }
  if (spec.expectStderr && !spec.expectStderr.test(result.stderr)) {
    return `error output does not match /${spec.expectStderr.source}/:\n${tail(result.stderr) || '(no error output)'}`;
  }
  return undefined;
}

// Stop at the first failing command, and make curl fail on an HTTP error as the SDK and the CLI do (plain curl
// exits 0 on a 4xx answer, which would let a refused request pass); the answer's body is still printed.
const SHELL_PREAMBLE = `set -eo pipefail
curl() { command curl --silent --show-error --fail-with-body "$@"; }
`;

/** The `export NAME=value` lines of a program's output, as variables (quotes around the value removed). */
export function exportsIn(output) {
  const found = {};
  for (const match of output.matchAll(/^export ([A-Za-z_][A-Za-z0-9_]*)=(.*)$/gm)) {
    found[match[1]] = match[2].trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return found;
}

function parseEnvDump(text) {
  const env = {};
  for (const entry of text.split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) env[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return env;
}

/** Session values that exist only when a block asks for them: a wallet with one account per common chain. */
export const WALLET_VALUES = ['walletId', 'ethereumAddress', 'solanaAddress', 'bitcoinAddress'];

/** Creates the example wallet in the unit's emulator and returns its ID and addresses as session values. */
export async function createExampleWallet(emulator) {
  const accounts = [
    { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/60'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_ETHEREUM' },
    { curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: "m/44'/501'/0'/0'", addressFormat: 'ADDRESS_FORMAT_SOLANA' },
    { curve: 'CURVE_SECP256K1', pathFormat: 'PATH_FORMAT_BIP32', path: "m/84'/0'/0'/0/0", addressFormat: 'ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH' },
  ];
  const activity = await emulator.client.createWallet({ walletName: 'Docs example wallet', accounts });
  const result = activity.result?.createWalletResult;
  if (activity.status !== 'ACTIVITY_STATUS_COMPLETED' || !result) throw new Error(`creating the example wallet ended ${activity.status}`);
  const [ethereumAddress, solanaAddress, bitcoinAddress] = result.addresses;
  return { walletId: result.walletId, ethereumAddress, solanaAddress, bitcoinAddress };
}

/**
 * True when a unit needs the local chains (scripts/doctest/chains): one of its blocks reads an RPC URL variable
 * (SEPOLIA_RPC_URL, SOLANA_RPC_URL, …) or, in browser code, an RPC of the pages' example hosts
 * (https://sepolia.rpc.example), or has a setup that funds an account on a chain.
 */
export function needsChains(unit) {
  return unit.blocks.some((b) => /\b[A-Z][A-Z0-9_]*_RPC_URL\b|\.rpc\.example\b/.test(b.code) || b.spec.setups.some((name) => SETUPS[name]?.chains));
}

// Shell variables that change on their own and must not leak from one block into the next.
const VOLATILE = new Set(['_', 'PWD', 'OLDPWD', 'SHLVL', 'DOCTEST_ENV_OUT']);

/**
 * Runs one unit: its blocks in order, in one folder, against one emulator. A failing block stops the unit (the
 * later blocks depend on it); they are reported as not reached.
 */
export async function runUnit(unit, { repo, work, startEmulator, getBrowser, prepareLanguage, getChains }) {
  const dir = join(work, unit.id);
  mkdirSync(dir, { recursive: true });
  // The chains are shared by the run's units (each unit's emulator makes its own keys, so their accounts differ).
  const chains = getChains && needsChains(unit) ? await getChains() : undefined;
  const emulator = await startEmulator();
  const results = [];
  const setupsDone = new Set();
  let tab;
  // The app backend the unit's browser blocks call (/api/…), once a `backend` block started it.
  let backend;
  try {
    const keyFile = join(dir, KEY_FILE_NAME);
    writeFileSync(keyFile, JSON.stringify(emulator.rootKeys, null, 2) + '\n', { mode: 0o600 });
    const values = {
      organizationId: emulator.organizationId,
      userId: emulator.rootUserId,
      baseUrl: emulator.url,
      keyFile,
      publicKey: emulator.rootKeys.publicKey,
      privateKey: emulator.rootKeys.privateKey,
    };
    // The variables the Local development page tells a reader to set.
    let env = {
      ...process.env,
      PATH: `${join(repo, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
      SIGIL_BASE_URL: emulator.url,
      SIGIL_API_KEY_FILE: keyFile,
      SIGIL_ORGANIZATION_ID: emulator.organizationId,
      SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey,
      SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey,
      NO_COLOR: '1',
      // The RPC URLs the pages read (SEPOLIA_RPC_URL, …), of the local chains.
      ...chains?.env,
    };
    if (unit.blocks.some((b) => b.spec.replaces.some((r) => WALLET_VALUES.includes(r.name)))) {
      Object.assign(values, await createExampleWallet(emulator));
    }
    const tsx = join(repo, 'node_modules/tsx/dist/cli.mjs');
    /** Backend blocks started ahead of their turn, with their result. */
    const backendStarted = new Map();
    const startBackendBlock = async (block, i, code) => {
      const file = join(dir, `block${i + 1}_L${block.line}.ts`);
      writeFileSync(file, `${code}\nexport {};\n`);
      try {
        backend = await startBackend({ file, code, dir, env, tsx, timeoutMs: BLOCK_TIMEOUT_MS, extraRoutes: block.spec.routes });
        return { code: 0, stdout: '', stderr: '', timedOut: false };
      } catch (error) {
        return { code: 1, stdout: '', stderr: error.message, timedOut: false };
      }
    };
    for (let i = 0; i < unit.blocks.length; i++) {
      const block = unit.blocks[i];
      let setupFailed;
      for (const name of block.spec.setups) {
        if (setupsDone.has(name)) continue;
        setupsDone.add(name);
        try {
          const made = await SETUPS[name](emulator, { values, chains });
          Object.assign(values, made.values);
          env = { ...env, ...made.env };
          // A setup that stands in for the app's backend (sign-up-backend.mjs) serves the tab's /api/… calls.
          if (made.backend) backend = made.backend;
        } catch (error) {
          setupFailed = `setup="${name}" failed: ${error.message}`;
          break;
        }
      }
      if (setupFailed) {
        results.push({ block, failure: setupFailed });
        break;
      }
      if (block.spec.browser && !tab) {
        const origins = new Set(unit.blocks.filter((b) => b.spec.browser).map((b) => b.spec.origin ?? DEFAULT_ORIGIN));
        if (origins.size > 1) {
          results.push({ block, failure: `the browser blocks of one session share one tab, so one origin; they name ${[...origins].join(', ')}` });
          break;
        }
        if (!getBrowser) {
          results.push({ block, failure: 'runs in a browser, and this run has none' });
          break;
        }
        try {
          tab = await openBrowserPage(await getBrowser(), emulator, { origin: [...origins][0], timeoutMs: BLOCK_TIMEOUT_MS, backend: () => backend, rpcOrigins: chains?.browserOrigins });
          // Setups that prepare the signed-in user too (funding the tab user's wallet), now that the user exists.
          for (const name of setupsDone) await SETUPS[name].browserUser?.(tab.user, { values, chains, tab });
          // The session's pages (page="/path") exist from the start, like the app's other pages: an earlier block may
          // open one (a link in an email).
          for (const pageBlock of unit.blocks.filter((b) => b.spec.page)) {
            const pageValues = { ...values, ...tab.user, baseUrl: EXAMPLE_BASE_URL };
            pageBlock.served = await tab.servePage(pageBlock.spec.page, substitute(pageBlock.code, pageBlock.spec, pageValues).code);
          }
        } catch (error) {
          results.push({ block, failure: `the browser tab (Chromium, passkey sign-up) did not open: ${error.message}` });
          break;
        }
      }
      // In the tab, the pages' organization is the signed-in user's sub-organization, and the API host stays as
      // written (the tab routes it to the emulator; an http URL would be blocked as mixed content).
      const blockValues = block.spec.browser ? { ...values, ...tab.user, baseUrl: EXAMPLE_BASE_URL, ...BROWSER_CODE_VALUES } : values;
      const { code, missing } = substitute(block.code, block.spec, blockValues);
      if (missing.length) {
        results.push({ block, failure: `replace names ${missing.join(', ')}, which no earlier block captured and the session does not define` });
        break;
      }
      let result;
      if (block.spec.browser && !backend) {
        // A page may show the app's frontend before its backend: the server the browser calls is up before any
        // browser block runs, as in the reader's app. Its result is reported at its own block.
        const later = unit.blocks.findIndex((b, at) => at > i && b.spec.backend);
        if (later > 0) {
          const laterBlock = unit.blocks[later];
          const substituted = substitute(laterBlock.code, laterBlock.spec, values);
          if (!substituted.missing.length) backendStarted.set(laterBlock, await startBackendBlock(laterBlock, later, substituted.code));
        }
      }
      if (block.spec.browser) {
        result = block.spec.page ? block.served : await tab.run(block, code, blockValues);
        if (result.code !== 0 && backend) result.stderr += `\nthe backend's output:\n${backend.output().trim() || '(none)'}`;
      } else if (block.spec.backend) {
        result = backendStarted.get(block) ?? (await startBackendBlock(block, i, code));
      } else if (block.spec.phone) {
        result = await runPhoneBlock(block, code, { index: i, dir, env, values, repo, emulator, backendUrl: backend?.url });
      } else if (isShell(block.lang)) {
        const script = join(dir, `block${i + 1}_L${block.line}.sh`);
        const envOut = join(dir, `block${i + 1}.env`);
        writeFileSync(script, `${SHELL_PREAMBLE}${code}\nenv -0 > "$DOCTEST_ENV_OUT"\n`);
        result = await spawnWithTimeout('bash', [script], { cwd: dir, env: { ...env, DOCTEST_ENV_OUT: envOut } }, BLOCK_TIMEOUT_MS);
        if (result.code === 0) {
          // Exports carry over to the next blocks of the session, as in the reader's terminal.
          try {
            const after = parseEnvDump(readFileSync(envOut, 'utf8'));
            for (const name of VOLATILE) delete after[name];
            env = { ...env, ...after };
          } catch {
            // The block exited early on purpose (exit 0 before the end): nothing to carry over.
          }
        }
      } else if (block.spec.background) {
        const file = join(dir, `block${i + 1}_L${block.line}.${block.lang === 'tsx' ? 'tsx' : 'ts'}`);
        writeFileSync(file, `${code}\nexport {};\n`);
        const port = Number(values[block.spec.background]);
        // What the program waits for comes from the setups that pointed something at it (webhook-endpoint.mjs).
        const whileRunning = async () => {
          for (const name of setupsDone) await SETUPS[name].whileRunning?.(emulator, { values });
        };
        result = Number.isInteger(port) && port > 0
          ? await runBackgroundBlock({ file, cwd: dir, env, tsx, port, whileRunning, expectOutput: block.spec.expectOutput, timeoutMs: BLOCK_TIMEOUT_MS })
          : { code: 1, stdout: '', stderr: `background="${block.spec.background}": the session value ${block.spec.background} is ${values[block.spec.background] ?? 'not set'}, not a port (setup="webhook-endpoint" gives webhookPort)`, timedOut: false };
      } else if (block.language) {
        result = await runLanguageBlock(block, code, { cwd: dir, env, prepareLanguage });
      } else {
        const file = join(dir, `block${i + 1}_L${block.line}.${block.lang === 'tsx' ? 'tsx' : 'ts'}`);
        writeFileSync(file, `${code}\nexport {};\n`);
        result = await spawnWithTimeout(process.execPath, [tsx, file], { cwd: dir, env }, BLOCK_TIMEOUT_MS);
      }
      const failure = judge(result, block.spec);
      if (!failure) {
        for (const { name, regex } of block.spec.captures) {
          const found = regex.exec(result.stdout);
          if (found) values[name] = found[1] ?? found[0];
        }
        // The page tells the reader to run the `export` lines the program printed.
        if (block.spec.envFromOutput) env = { ...env, ...exportsIn(result.stdout) };
        const lost = block.spec.captures.filter((c) => values[c.name] === undefined).map((c) => c.name);
        if (lost.length) {
          results.push({ block, failure: `capture ${lost.join(', ')} found nothing in the output:\n${result.stdout.trim().split('\n').slice(-10).join('\n')}` });
          break;
        }
      }
      results.push({ block, failure });
      if (failure) break;
    }
  } finally {
    backend?.close();
    await tab?.close();
    await emulator.close();
  }
  const reached = new Set(results.map((r) => r.block));
  for (const block of unit.blocks) if (!reached.has(block)) results.push({ block, failure: undefined, notReached: true });
  return results;
}

/**
 * Runs a block of a language module (languages/<id>.mjs): its `prepare` once per checker run (shared through
 * `prepareLanguage`), then its `run` in the unit's folder with the unit's environment. A module that throws, or
 * a toolchain that is missing, fails the block with the module's message rather than the whole run.
 */
async function runLanguageBlock(block, code, { cwd, env, prepareLanguage }) {
  const language = block.language;
  const failed = (message) => ({ code: 1, stdout: '', stderr: message, timedOut: false });
  if (!prepareLanguage) return failed(`no ${language.id} toolchain was prepared for this run`);
  let state;
  try {
    state = await prepareLanguage(language);
  } catch (error) {
    return failed(`${language.id}: prepare failed: ${error.message}`);
  }
  try {
    const out = await language.run({ code, page: block.display, line: block.line, env, cwd, state, timeoutMs: BLOCK_TIMEOUT_MS });
    return { code: out.exitCode ?? 1, stdout: out.stdout ?? '', stderr: out.stderr ?? '', timedOut: Boolean(out.timedOut) };
  } catch (error) {
    return failed(`${language.id}: ${error.message}`);
  }
}

/** The names a phone block's `call` can use besides its exports and the session's values (phone-harness.mjs). */
export const PHONE_SCOPE = ['client', 'device', 'keychain', 'subOrganizationId', 'organizationId', 'userId', 'userName', 'walletId', 'address', 'credentialId', 'rpId'];

/**
 * The Node program that runs one phone block: it opens the phone harness (the unit's device, its signed-up user,
 * fetch routed to the emulator), imports the block, awaits the `call` expression with the harness's names, the
 * block's exports and the session's values in scope, prints its result, and saves the device for the next block.
 */
export function phoneRunner({ harnessUrl, blockFile, exports, call, values, renderFile }) {
  const names = [...exports.filter((name) => !PHONE_SCOPE.includes(name)), ...(renderFile ? ['screen'] : [])];
  const valueNames = Object.keys(values).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !PHONE_SCOPE.includes(name) && !names.includes(name));
  return `import { format, openPhone } from ${JSON.stringify(harnessUrl)};
const phone = await openPhone(JSON.parse(process.env.DOCTEST_PHONE));
let exitCode = 0;
try {
  ${renderFile ? 'let' : 'const'} example = await import(${JSON.stringify(`./${blockFile}`)});
  const { ${valueNames.join(', ')} } = ${JSON.stringify(Object.fromEntries(valueNames.map((n) => [n, values[n]])))};${renderFile ? `
  const rendered = await import(${JSON.stringify(`./${renderFile}`)});
  await rendered.mount({ ...${JSON.stringify(Object.fromEntries(valueNames.map((n) => [n, values[n]])))}, ...phone.scope });
  example = { ...example, screen: rendered.screen };` : ''}
  const { ${PHONE_SCOPE.join(', ')} } = phone.scope;
  const { ${names.join(', ')} } = example;
  ${call ? `const result = await (${call});
  if (result !== undefined) console.log(format(result));` : ''}
} catch (error) {
  exitCode = 1;
  const code = error && typeof error.code === 'number' ? \` (code \${error.code})\` : '';
  console.error(\`\${error && error.name ? error.name : 'Error'}: \${error && error.message !== undefined ? error.message : String(error)}\${code}\`);
} finally {
  phone.save();
}
// A block may leave a timer or socket open, as an app does; the block is over once its call returned.
process.exit(exitCode);
`;
}

/**
 * Runs a block marked `phone` in Node as React Native app code: the native modules replaced by the in-memory ones
 * of packages/react-native/test, and the phone harness around it (see phone-harness.mjs and README.md).
 */
async function runPhoneBlock(block, code, { index, dir, env, values, repo, emulator, backendUrl }) {
  const blockFile = `block${index + 1}_L${block.line}.${block.lang === 'tsx' ? 'tsx' : 'ts'}`;
  writeFileSync(join(dir, blockFile), `${code}\nexport {};\n`);
  const runner = join(dir, `phone${index + 1}_L${block.line}.mjs`);
  const harnessUrl = new URL('./phone-harness.mjs', import.meta.url).href;
  let renderFile;
  if (block.spec.render !== undefined) {
    // A screen: the module that renders it (phone-render.mjs), and JSX as a React Native project compiles it.
    renderFile = `render${index + 1}_L${block.line}.tsx`;
    const names = [...new Set([...exportedNames(code), ...PHONE_SCOPE, ...Object.keys(values).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n))])];
    writeFileSync(join(dir, renderFile), renderModule({ harnessUrl: new URL('./phone-render.mjs', import.meta.url).href, blockFile, exports: exportedNames(code), names, render: block.spec.render }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { jsx: 'react-jsx', module: 'esnext', target: 'es2022' } }));
  }
  writeFileSync(runner, phoneRunner({ harnessUrl, blockFile, exports: exportedNames(code), call: block.spec.call, values, renderFile }));
  const phone = {
    stateFile: join(dir, 'phone-device.json'),
    emulatorUrl: emulator.url,
    organizationId: emulator.organizationId,
    apiPublicKey: emulator.rootKeys.publicKey,
    apiPrivateKey: emulator.rootKeys.privateKey,
    backendUrl,
  };
  const hooks = join(repo, 'packages/react-native/test/in-memory-native-modules.mjs');
  const renderHooks = renderFile ? ['--import', new URL('./phone-render-hooks.mjs', import.meta.url).href] : [];
  return spawnWithTimeout(process.execPath, ['--import', 'tsx', '--import', hooks, ...renderHooks, runner], { cwd: dir, env: { ...env, DOCTEST_PHONE: JSON.stringify(phone) } }, BLOCK_TIMEOUT_MS);
}

/** Runs units `concurrency` at a time; results in unit order. */
export async function runUnits(units, options) {
  const out = new Array(units.length);
  let next = 0;
  const worker = async () => {
    while (next < units.length) {
      const index = next++;
      out[index] = await runUnit(units[index], options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, units.length) }, worker));
  return out;
}

export const resolveRepo = (here) => resolve(here, '../..');
