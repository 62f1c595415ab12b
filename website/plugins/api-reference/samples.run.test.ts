/**
 * Every operation's code samples run against the Sigil emulator: Python with the system's Python 3
 * (`/usr/bin/python3` with Debian's python3-requests and python3-cryptography; scripts/test-all.sh
 * installs them), TypeScript with Node, curl with the system's curl, the CLI with the workspace's
 * `sigil`, Go with the system's Go and the SDK in packages/go (all samples compiled into one program),
 * Ruby with the system's Ruby and the gem in packages/ruby (all samples in one process), Rust with cargo and the
 * crate in packages/rust (all samples compiled into one binary). Each sample's
 * stamp must be accepted and its body must arrive as documented.
 */
import {execFile} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ApiKeyStamper, generateApiKeyPair} from '@sigil/api-key-stamper';
import {envOr, type SampleLanguage} from './sample-env';
import {shellQuote} from './samples';
import {startTestEmulator, type TestEmulator} from '@sigil/emulator/testing';
import ts from 'typescript';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {loadModel} from './test-helpers';
import type {OperationPageData} from './types';

const PYTHON = '/usr/bin/python3';
const GO = 'go';
const RUBY = 'ruby';
/** rustup's cargo when there is one (its rustc is the one packages/rust/target was built with), else the system's. */
const CARGO = [path.join(os.homedir(), '.cargo/bin/cargo')].find((candidate) => existsSync(candidate)) ?? 'cargo';
const RUSTFMT = CARGO === 'cargo' ? 'rustfmt' : path.join(path.dirname(CARGO), 'rustfmt');
const repo = path.resolve(__dirname, '../../..');
const SIGIL_CLI = path.join(repo, 'node_modules/@sigil/cli/dist/bin.js');
/**
 * Refusals that come from the emulator being a test double, not from the sample: it verifies ID tokens of its
 * own test issuer only, so the documented Google token is refused there (and accepted by the platform).
 */
const EMULATOR_ONLY_REFUSALS: Record<string, RegExp> = {oauth: /the emulator accepts only ID tokens of its test issuer/};
/**
 * Operations the samples' API key may not stamp, by the API's rule: the sample is right, but only another credential
 * makes the call succeed (recover_user takes the recovery credential `init_user_email_recovery` emails). Here the
 * emulator must verify the stamp and refuse the credential with code 16 and this message.
 */
const CREDENTIAL_REFUSALS: Record<string, RegExp> = {recover_user: /recover_user is stamped with the recovery credential/};

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], options: {input?: string; env?: Record<string, string>; cwd?: string; timeoutMs?: number} = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = execFile(
      command,
      args,
      {env: {...process.env, ...options.env}, cwd: options.cwd, timeout: options.timeoutMs ?? 60_000, maxBuffer: 8 << 20},
      (error, stdout, stderr) => resolve({code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr}),
    );
    // A sample that never reads its input may close it first.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(options.input ?? '');
  });
}

/** Runs tasks with at most `limit` at a time (each sample is its own process). */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({length: limit}, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

type Language = 'python' | 'typescript' | 'curl' | 'cli' | 'go' | 'ruby' | 'rust';
/** Languages whose samples all run in one process, each sample's requests told apart by markers. */
type MarkedLanguage = 'python' | 'typescript' | 'go' | 'ruby' | 'rust';

/** JSON with object keys sorted, so bodies compare by content, not by key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('code samples against the emulator', () => {
  let emulator: TestEmulator;
  let work: string;
  const operations = loadModel().operations;
  beforeAll(async () => {
    // Each language sends all 75 samples to this one organization within seconds: the API's rate limit (tested in the
    // emulator's own tests) would turn some into retried 429s, which say nothing about the samples.
    emulator = await startTestEmulator({rateLimit: false});
    // Inside the repository's node_modules, so the TypeScript samples resolve @sigil/* as a reader's project would.
    work = mkdtempSync(path.join(repo, 'node_modules/.cache-api-samples-'));
  });
  afterAll(async () => {
    await emulator?.close();
    if (work) rmSync(work, {recursive: true, force: true});
  });

  /**
   * The base URL and organization a reader exports (the Local development page's SIGIL_BASE_URL and
   * SIGIL_ORGANIZATION_ID): the samples read them, so none is rewritten to reach the emulator.
   */
  const readerEnv = (): Record<string, string> => ({SIGIL_BASE_URL: emulator.url, SIGIL_ORGANIZATION_ID: emulator.organizationId});

  /**
   * The sample as a reader adapts it: their organization where the request example names one (a body), but not
   * where the sample reads SIGIL_ORGANIZATION_ID (its fallback stays the documented one, so the environment must win).
   */
  function adapt(text: string, page: OperationPageData, language?: SampleLanguage): string {
    const documented = page.samples.organizationId;
    const fromEnv = language ? envOr(language, 'organizationId', documented) : undefined;
    const parts = fromEnv ? text.split(fromEnv) : [text];
    return parts.map((part) => part.split(documented).join(emulator.organizationId)).join(fromEnv ?? '');
  }

  /** The request body as the reader sends it with curl or the CLI: their organization, the current time (the samples say so). */
  function currentBody(page: OperationPageData): string {
    const body = JSON.parse(adapt(page.requestExample.json, page)) as Record<string, unknown>;
    if (typeof body.timestampMs === 'string') body.timestampMs = String(Date.now());
    return JSON.stringify(body);
  }

  async function runSample(language: Exclude<Language, MarkedLanguage>, page: OperationPageData): Promise<Result> {
    const name = `${language}-${page.operationId}`;
    switch (language) {
      case 'curl': {
        // The sample's one line to change: the body with the current time; X_STAMP is that body's stamp.
        const documented = shellQuote(JSON.stringify(JSON.parse(adapt(page.requestExample.json, page))));
        const body = currentBody(page);
        const sample = adapt(page.samples.curl, page, 'curl');
        expect(sample.includes(documented), `${page.name}: the curl sample sends the request example`).toBe(true);
        const script = sample.split(documented).join(shellQuote(body));
        const stamper = new ApiKeyStamper({apiPublicKey: emulator.rootKeys.publicKey, apiPrivateKey: emulator.rootKeys.privateKey});
        const {stampHeaderValue} = await stamper.stamp(body);
        return run('bash', ['-c', `set -euo pipefail\n${script} --silent --show-error --fail-with-body`], {env: {...readerEnv(), X_STAMP: stampHeaderValue}});
      }
      case 'cli': {
        const dir = path.join(work, name);
        await run('mkdir', ['-p', dir]);
        writeFileSync(path.join(dir, 'body.json'), currentBody(page));
        writeFileSync(path.join(dir, 'api-key.json'), JSON.stringify({publicKey: emulator.rootKeys.publicKey, privateKey: emulator.rootKeys.privateKey}));
        const script = `sigil() { "${process.execPath}" "${SIGIL_CLI}" "$@"; }\nset -euo pipefail\n${adapt(page.samples.cli, page, 'cli')}`;
        return run('bash', ['-c', script], {cwd: dir, env: readerEnv()});
      }
    }
  }

  it('the system Python has requests and cryptography (scripts/test-all.sh installs them)', async () => {
    const result = await run(PYTHON, ['-c', 'import requests, cryptography']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  /**
   * The TypeScript samples, one after the other in one Node process (a process each would spend most of the
   * time starting Node): a marker on stderr after each one tells the test where each sample's requests end.
   */
  async function runTypescriptSamples(): Promise<Map<string, {result: Result; exchanges: typeof emulator.requests}>> {
    const files = operations.map((page) => {
      const js = ts.transpileModule(adapt(page.samples.typescript, page, 'typescript'), {
        compilerOptions: {module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022},
      }).outputText;
      const file = path.join(work, `typescript-${page.operationId}.mjs`);
      writeFileSync(file, js);
      return [page.operationId, file];
    });
    const runner = path.join(work, 'run-typescript-samples.mjs');
    writeFileSync(
      runner,
      [
        `import {writeSync} from 'node:fs';`,
        `const files = ${JSON.stringify(files)};`,
        `const mark = (line) => writeSync(2, line + '\\n');`,
        `for (const [id, file] of files) {`,
        `  mark('@@start ' + id);`,
        `  try { await import(file); mark('@@end ' + id + ' 0'); }`,
        `  catch (error) { mark('@@end ' + id + ' 1 ' + String(error && error.message).replace(/\\n/g, ' ')); }`,
        `}`,
      ].join('\n'),
    );
    return runMarked(process.execPath, [runner], '');
  }

  /** Runs a process that runs every sample and marks each one's start and end on stderr (`@@start id`, `@@end id code message`). */
  async function runMarked(command: string, args: string[], input: string): Promise<Map<string, {result: Result; exchanges: typeof emulator.requests}>> {
    const out = new Map<string, {result: Result; exchanges: typeof emulator.requests}>();
    const marks: string[] = [];
    const before = emulator.requests.length;
    // Each sample's exchanges are those recorded between its start and end markers.
    const child = execFile(command, args, {
      env: {...process.env, ...readerEnv(), SIGIL_API_PUBLIC_KEY: emulator.rootKeys.publicKey, SIGIL_API_PRIVATE_KEY: emulator.rootKeys.privateKey},
      timeout: 240_000,
      maxBuffer: 32 << 20,
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
    let startedAt = before;
    let pending = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        marks.push(line);
        const start = /^@@start (\S+)/.exec(line);
        if (start) startedAt = emulator.requests.length;
        const end = /^@@end (\S+) (\d)(.*)$/.exec(line);
        if (end) {
          out.set(end[1]!, {
            result: {code: Number(end[2]), stdout: '', stderr: end[3]!.trim()},
            exchanges: emulator.requests.slice(startedAt),
          });
        }
        newline = pending.indexOf('\n');
      }
    });
    await new Promise((resolve) => child.on("close", resolve));
    if (out.size === 0) throw new Error(`the sample runner reported nothing: ${marks.join("\n")}${pending}`);
    return out;
  }

  it('a sample signed with a key the organization does not know is refused (the checks below can fail)', async () => {
    const page = operations.find((p) => p.name === 'get_whoami') ?? operations[0]!;
    const before = emulator.requests.length;
    const stranger = generateApiKeyPair();
    const result = await run(PYTHON, ['-'], {
      input: adapt(page.samples.python, page, 'python'),
      env: {...readerEnv(), SIGIL_API_PUBLIC_KEY: stranger.publicKey, SIGIL_API_PRIVATE_KEY: stranger.privateKey},
    });
    expect(emulator.requests.slice(before).find((r) => r.path === page.path)?.status).toBe(401);
    expect(result.code).not.toBe(0);
  });

  /**
   * The Python samples, one after the other in one Python process (each sample is a script; one process
   * spares 75 interpreter starts and imports of cryptography). Markers on stderr as for TypeScript.
   */
  async function runPythonSamples(): Promise<Map<string, {result: Result; exchanges: typeof emulator.requests}>> {
    const samples = Object.fromEntries(operations.map((page) => [page.operationId, adapt(page.samples.python, page, 'python')]));
    const runner = [
      'import contextlib, io, json, sys',
      'samples = json.loads(sys.stdin.read())',
      'for name, code in samples.items():',
      '    print("@@start " + name, file=sys.stderr, flush=True)',
      '    status, message = 0, ""',
      '    try:',
      '        with contextlib.redirect_stdout(io.StringIO()):',
      '            exec(compile(code, name + ".py", "exec"), {"__name__": "__main__"})',
      '    except SystemExit as exit:',
      '        status, message = (0 if exit.code in (None, 0) else 1), str(exit.code)',
      '    except Exception as error:',
      '        status, message = 1, repr(error)',
      '    print("@@end " + name + " " + str(status) + " " + message.replace("\\n", " "), file=sys.stderr, flush=True)',
    ].join('\n');
    return runMarked(PYTHON, ['-c', runner], JSON.stringify(samples));
  }

  /**
   * The Go samples as one program: each sample's file keeps its imports, its `main` and `run` get the
   * operation's name, and a `main` of the runner's calls each `run` between markers. One `go build` of
   * one package (with the SDK from packages/go through a `replace`) instead of 75.
   */
  async function runGoSamples(): Promise<Map<string, {result: Result; exchanges: typeof emulator.requests}>> {
    const dir = path.join(work, 'go-samples');
    mkdirSync(dir, {recursive: true});
    writeFileSync(
      path.join(dir, 'go.mod'),
      `module sigil.example/api-samples\n\ngo 1.19\n\nrequire github.com/sigil-example/sigil-go v0.0.0\n\nreplace github.com/sigil-example/sigil-go => ${path.join(repo, 'packages/go')}\n`,
    );
    const names: string[] = [];
    for (const page of operations) {
      const name = page.name.replace(/[^A-Za-z0-9]/g, '_');
      const source = adapt(page.samples.go, page, 'go');
      expect(source, `${page.name}: the Go sample is a program with main and run`).toMatch(/^func main\(\) \{$[\s\S]*^func run\(ctx context\.Context\) error \{$/m);
      writeFileSync(path.join(dir, `sample_${name}.go`), source.replace(/^func main\(\)/m, `func main_${name}()`).replace(/\brun\(/g, `run_${name}(`).replace(/\benvOr\(/g, `envOr_${name}(`));
      names.push(name);
    }
    writeFileSync(
      path.join(dir, 'main.go'),
      [
        'package main',
        '',
        'import (',
        '\t"context"',
        '\t"fmt"',
        '\t"os"',
        '\t"strings"',
        ')',
        '',
        'func main() {',
        '\tsamples := []struct {',
        '\t\tname string',
        '\t\trun  func(context.Context) error',
        '\t}{',
        ...names.map((name, i) => `\t\t{${JSON.stringify(operations[i]!.operationId)}, run_${name}},`),
        '\t}',
        '\tfor _, sample := range samples {',
        '\t\tfmt.Fprintln(os.Stderr, "@@start "+sample.name)',
        '\t\tif err := sample.run(context.Background()); err != nil {',
        '\t\t\tfmt.Fprintln(os.Stderr, "@@end "+sample.name+" 1 "+strings.ReplaceAll(err.Error(), "\\n", " "))',
        '\t\t} else {',
        '\t\t\tfmt.Fprintln(os.Stderr, "@@end "+sample.name+" 0")',
        '\t\t}',
        '\t}',
        '}',
        '',
      ].join('\n'),
    );
    // The samples are written as gofmt writes Go: a reader's editor would not reformat them.
    const unformatted = await run('gofmt', ['-l', '.'], {cwd: dir});
    expect(unformatted.stdout.trim(), 'Go samples gofmt would change').toBe('');
    const goEnv = {GOFLAGS: '-mod=mod', GOPROXY: 'off', GOWORK: 'off', GOTOOLCHAIN: 'local'};
    const started = Date.now();
    const built = await run(GO, ['build', '-o', 'samples', '.'], {cwd: dir, env: goEnv, timeoutMs: 240_000});
    expect(built.stderr, 'go build of the Go samples').toBe('');
    expect(built.code).toBe(0);
    console.log(`go build of ${names.length} Go samples: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return runMarked(path.join(dir, 'samples'), [], '');
  }

  /**
   * The Ruby samples in one Ruby process with the gem from packages/ruby on the load path: each sample is
   * evaluated in a binding of its own (its local variables stay its own), its output captured.
   */
  async function runRubySamples(): Promise<Map<string, {result: Result; exchanges: typeof emulator.requests}>> {
    const samples = Object.fromEntries(operations.map((page) => [page.operationId, adapt(page.samples.ruby, page, 'ruby')]));
    const runner = [
      'require "json"',
      'require "stringio"',
      'samples = JSON.parse($stdin.read)',
      'samples.each do |name, code|',
      '  $stderr.puts "@@start #{name}"',
      '  $stderr.flush',
      '  status, message = 0, ""',
      '  out = $stdout',
      '  begin',
      '    $stdout = StringIO.new',
      '    eval(code, Object.new.instance_eval { binding }, "#{name}.rb")',
      '  rescue SystemExit => e',
      '    status, message = (e.success? ? 0 : 1), e.message',
      '  rescue Exception => e',
      '    status, message = 1, "#{e.class}: #{e.message}"',
      '  ensure',
      '    $stdout = out',
      '  end',
      '  $stderr.puts "@@end #{name} #{status} #{message.gsub("\n", " ")}"',
      '  $stderr.flush',
      'end',
    ].join('\n');
    return runMarked(RUBY, ['-I', path.join(repo, 'packages/ruby/lib'), '-e', runner], JSON.stringify(samples));
  }

  /**
   * The Rust samples as one binary crate: each sample is a module whose `main` is its own (the `use` lines stay
   * with it), and the crate's `main` awaits each one between markers. It depends on packages/rust by path and
   * builds into packages/rust/target with the SDK's tokio features and dev profile (as the doc checker's Rust
   * blocks do), so cargo reuses the SDK and its dependencies compiled there instead of building them again.
   */
  async function runRustSamples(): Promise<Map<string, {result: Result; exchanges: typeof emulator.requests}>> {
    const crate = path.join(repo, 'packages/rust');
    const dir = path.join(work, 'rust-samples');
    mkdirSync(path.join(dir, 'src'), {recursive: true});
    mkdirSync(path.join(dir, '.cargo'), {recursive: true});
    writeFileSync(
      path.join(dir, 'Cargo.toml'),
      [
        '[package]',
        'name = "sigil_api_samples"',
        'version = "0.0.0"',
        'edition = "2021"',
        'publish = false',
        '',
        '[dependencies]',
        `sigil-sdk = { path = ${JSON.stringify(crate)} }`,
        'tokio = { version = "1.24.2", features = ["macros", "rt-multi-thread", "time"] }',
        'serde_json = "1.0.87"',
        '',
        '[profile.dev]',
        'debug = false',
        '',
        '[workspace]',
        '',
      ].join('\n'),
    );
    copyFileSync(path.join(crate, '.cargo/config.toml'), path.join(dir, '.cargo/config.toml'));
    copyFileSync(path.join(crate, 'Cargo.lock'), path.join(dir, 'Cargo.lock'));
    const names: string[] = [];
    for (const page of operations) {
      const name = `sample_${page.name.replace(/[^A-Za-z0-9]/g, '_')}`;
      const source = adapt(page.samples.rust, page, 'rust');
      const entry = /^#\[tokio::main\]\nasync fn main\(\) -> Result<\(\), Box<dyn std::error::Error>> \{$/m;
      expect(source, `${page.name}: the Rust sample is a program with a tokio main`).toMatch(entry);
      writeFileSync(path.join(dir, 'src', `${name}.rs`), source.replace(entry, 'pub async fn main() -> Result<(), Box<dyn std::error::Error>> {'));
      names.push(name);
    }
    writeFileSync(
      path.join(dir, 'src/main.rs'),
      [
        ...names.map((name) => `mod ${name};`),
        '',
        'fn report(name: &str, result: Result<(), Box<dyn std::error::Error>>) {',
        '    match result {',
        '        Ok(()) => eprintln!("@@end {name} 0"),',
        '        Err(error) => eprintln!("@@end {name} 1 {}", error.to_string().replace(\'\\n\', " ")),',
        '    }',
        '}',
        '',
        '#[tokio::main]',
        'async fn main() {',
        ...names.flatMap((name, i) => {
          const id = JSON.stringify(operations[i]!.operationId);
          return [`    eprintln!("@@start {}", ${id});`, `    report(${id}, ${name}::main().await);`];
        }),
        '}',
        '',
      ].join('\n'),
    );
    // The samples are written as rustfmt writes Rust (Debian: the rustfmt package): a reader's editor would not
    // reformat them.
    const formatted = await run(RUSTFMT, ['--edition', '2021', '--check', ...names.map((name) => `src/${name}.rs`)], {cwd: dir});
    expect(`${formatted.stdout}${formatted.stderr}`.trim(), 'Rust samples rustfmt would change').toBe('');
    expect(formatted.code).toBe(0);
    const started = Date.now();
    const built = await run(CARGO, ['build', '--offline', '--quiet', '--message-format', 'short'], {
      cwd: dir,
      env: {CARGO_TARGET_DIR: path.join(crate, 'target'), CARGO_TERM_COLOR: 'never'},
      timeoutMs: 540_000,
    });
    // Warnings too: a sample that leaves an import unused or a value unread is not what a reader should copy.
    expect(built.stderr, 'cargo build of the Rust samples').toBe('');
    expect(built.code).toBe(0);
    console.log(`cargo build of ${names.length} Rust samples: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return runMarked(path.join(crate, 'target/debug/sigil_api_samples'), [], '');
  }

  const runMarkedSamples: Record<MarkedLanguage, () => Promise<Map<string, {result: Result; exchanges: typeof emulator.requests}>>> = {
    typescript: runTypescriptSamples,
    python: runPythonSamples,
    go: runGoSamples,
    ruby: runRubySamples,
    rust: runRustSamples,
  };

  for (const language of ['python', 'typescript', 'curl', 'cli', 'go', 'ruby', 'rust'] as const) {
    it(
      `every operation’s ${language} sample signs a stamp the emulator accepts and sends the documented request`,
      async () => {
        const outcomes = new Map<string, {status: number; result: Result; body: string}>();
        if (language !== 'curl' && language !== 'cli') {
          const ran = await runMarkedSamples[language]();
          for (const [id, {result, exchanges}] of ran) {
            const page = operations.find((p) => p.operationId === id)!;
            const exchange = exchanges.find((r) => r.path === page.path);
            outcomes.set(id, {status: exchange?.status ?? 0, result, body: exchange?.body ?? ''});
          }
        } else {
          await pool(operations, 4, async (page) => {
            const before = emulator.requests.length;
            const result = await runSample(language, page);
            const exchange = emulator.requests.slice(before).find((r) => r.path === page.path);
            outcomes.set(page.operationId, {status: exchange?.status ?? 0, result, body: exchange?.body ?? ''});
          });
        }
        expect(outcomes.size).toBe(operations.length);
        const problems: string[] = [];
        for (const page of operations) {
          const {status, result, body} = outcomes.get(page.operationId)!;
          const output = `${result.stdout}\n${result.stderr}`.trim();
          if (status === 0) {
            problems.push(`${page.name}: no request arrived (${output.split('\n').slice(-3).join(' ')})`);
            continue;
          }
          // A 200 ends well; an error answer makes the sample fail with its message.
          if ((status === 200) !== (result.code === 0)) problems.push(`${page.name}: HTTP ${status} but exit code ${result.code}: ${output.slice(-300)}`);
          const answer = emulator.requests.find((r) => r.body === body && r.path === page.path)?.response ?? '';
          if (status === 401 && !(/"code":\s*16\b/.test(answer) && CREDENTIAL_REFUSALS[page.name]?.test(answer))) {
            problems.push(`${page.name}: stamp refused: ${output.slice(-300)}`);
          }
          if (/"code":\s*3\b/.test(answer) && !EMULATOR_ONLY_REFUSALS[page.name]?.test(answer)) problems.push(`${page.name}: body refused: ${answer}`);
          const sent = JSON.parse(body) as Record<string, unknown>;
          const documented = JSON.parse(page.requestExample.json) as Record<string, unknown>;
          // The reader's organization and the current time replace the documented ones; nothing else changes.
          for (const key of ['timestampMs', 'organizationId']) if (key in documented || key in sent) documented[key] = sent[key];
          if (canonical(sent) !== canonical(documented)) problems.push(`${page.name}: sent ${body}`);
          if ('timestampMs' in sent && Math.abs(Number(sent.timestampMs) - Date.now()) > 300_000) problems.push(`${page.name}: stale timestampMs`);
        }
        const statuses = [...outcomes.values()].reduce<Record<number, number>>((acc, o) => ({...acc, [o.status]: (acc[o.status] ?? 0) + 1}), {});
        console.log(`${language} samples against the emulator: ${outcomes.size} run, HTTP status counts ${JSON.stringify(statuses)}`);
        expect(problems, problems.join('\n')).toEqual([]);
        expect(outcomes.size).toBeGreaterThanOrEqual(75);
      },
      language === 'rust' ? 600_000 : 300_000,
    );
  }
});
