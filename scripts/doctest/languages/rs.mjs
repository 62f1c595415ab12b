// The doc checker's Rust blocks: each runs as a binary crate that depends on `sigil-sdk` (packages/rust) by path,
// built offline from Debian's packaged crates, like the crate itself.
//
// A block with `fn main` is the crate's `src/main.rs`. A block without one is a module: it is written to
// `src/<name>.rs` (the file its `title` names, else `src/block_<line>.rs`) and compiled with a `main` that declares
// every module the folder holds, then run (it has nothing to print). Blocks of one session share their folder, so
// a later block's `main` can `mod` the modules earlier blocks wrote, as a reader's crate does.
//
// Every crate builds into one target directory (packages/rust/target, where `cargo test` builds the SDK too, with
// the same features), so the SDK and its dependencies compile once, not once per block.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, delimiter, isAbsolute, join } from 'node:path';
import { createHash } from 'node:crypto';
import { spawnWithTimeout } from '../execute.mjs';

// Compiling is not the block's own time: a cold build of a block's crate takes longer than a block may run.
const BUILD_TIMEOUT_MS = 300_000;
// The tokio features and dev profile of the SDK's tests (packages/rust/Cargo.toml): the same ones make cargo reuse
// the units `cargo test` compiled.
const TOKIO_FEATURES = ['macros', 'rt-multi-thread', 'time'];

function findCargo() {
  const candidates = [process.env.CARGO, join(homedir(), '.cargo/bin/cargo'), 'cargo'].filter(Boolean);
  for (const candidate of candidates) {
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return { cargo: candidate, version: probe.stdout.trim() };
  }
  return undefined;
}

/** The checker's own spawn (process group killed on timeout), with the language interface's `exitCode`. */
async function spawnCollect(command, args, { cwd, env, timeoutMs }) {
  const { code, ...rest } = await spawnWithTimeout(command, args, { cwd, env }, timeoutMs);
  return { exitCode: code, ...rest };
}

/** A package name unique to the folder, so crates built at once into the shared target never share a binary. */
function packageName(dir) {
  return `sigil_doc_${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`;
}

function writeCrate(dir, state) {
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, '.cargo'), { recursive: true });
  const name = packageName(dir);
  writeFileSync(
    join(dir, 'Cargo.toml'),
    `[package]
name = "${name}"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
sigil-sdk = { path = ${JSON.stringify(state.crateDir)} }
tokio = { version = "1.24.2", features = ${JSON.stringify(TOKIO_FEATURES)} }
serde_json = "1.0.87"

[profile.dev]
debug = false

[workspace]
`,
  );
  copyFileSync(join(state.crateDir, '.cargo/config.toml'), join(dir, '.cargo/config.toml'));
  // The SDK's lock file: the same versions, and no resolution against the registry per block.
  if (!existsSync(join(dir, 'Cargo.lock'))) copyFileSync(join(state.crateDir, 'Cargo.lock'), join(dir, 'Cargo.lock'));
  return name;
}

async function build(dir, state, env) {
  const name = writeCrate(dir, state);
  const result = await spawnCollect(state.cargo, ['build', '--offline', '--quiet', '--message-format', 'short'], {
    cwd: dir,
    // rustup's cargo finds rustc beside itself; a block's PATH may not name that folder.
    env: { ...env, PATH: [state.cargoDir, env.PATH].filter(Boolean).join(delimiter), CARGO_TARGET_DIR: state.targetDir, CARGO_TERM_COLOR: 'never' },
    timeoutMs: BUILD_TIMEOUT_MS,
  });
  return { ...result, binary: join(state.targetDir, 'debug', name) };
}

const MODULE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The module file a fragment is written to: its title's file name, else one named after its line. */
export function moduleFileName(title, line) {
  const file = title ? basename(title.trim()) : '';
  const stem = file.replace(/\.rs$/, '');
  if (file.endsWith('.rs') && MODULE_NAME.test(stem) && stem !== 'main' && stem !== 'lib') return file;
  return `block_${line}.rs`;
}

/**
 * The block's `title="…"`: given by the checker, else read from the fence on the page (`line` is the fence's line
 * or the first line of code after it).
 */
export function blockTitle({ title, page, line, repoRoot }) {
  if (typeof title === 'string') return title;
  if (!page || !line) return undefined;
  const path = isAbsolute(page) ? page : join(repoRoot, page);
  if (!existsSync(path)) return undefined;
  const lines = readFileSync(path, 'utf8').split('\n');
  for (const index of [line - 1, line - 2]) {
    const fence = lines[index];
    if (fence !== undefined && /^\s*(```|~~~)/.test(fence)) return /\btitle="([^"]*)"/.exec(fence)?.[1];
  }
  return undefined;
}

export function hasMain(code) {
  return /\bfn\s+main\s*\(/.test(code);
}

/** The `main.rs` that compiles a folder's modules. */
export function fragmentHarness(modules) {
  return [
    '// Written by the doc checker: compiles the modules the page\'s blocks wrote.',
    '#![allow(dead_code, unused_imports)]',
    ...modules.map((file) => `mod ${file.replace(/\.rs$/, '')};`),
    '',
    'fn main() {}',
    '',
  ].join('\n');
}

export default {
  id: 'rs',
  fences: ['rust', 'rs'],

  async prepare({ repoRoot, workDir }) {
    const found = findCargo();
    if (!found) {
      throw new Error('Rust blocks need cargo (rustup puts it in ~/.cargo/bin; set CARGO to its path), which was not found');
    }
    const crateDir = join(repoRoot, 'packages/rust');
    if (!existsSync('/usr/share/cargo/registry/reqwest-0.11.13')) {
      throw new Error(
        "Rust blocks build offline from Debian's crates, which are missing: apt-get install librust-tokio-dev librust-reqwest-dev librust-serde-dev librust-serde-derive-dev librust-serde-json-dev librust-openssl-dev",
      );
    }
    const state = { cargo: found.cargo, cargoDir: isAbsolute(found.cargo) ? dirname(found.cargo) : undefined, cargoVersion: found.version, repoRoot, crateDir, targetDir: join(crateDir, 'target') };
    // Compile the SDK and its dependencies once, before the first block.
    const warmUp = join(workDir, 'rust-warm-up');
    rmSync(warmUp, { recursive: true, force: true });
    mkdirSync(join(warmUp, 'src'), { recursive: true });
    writeFileSync(join(warmUp, 'src/main.rs'), 'fn main() {\n    let _ = sigil_sdk::DEFAULT_BASE_URL;\n}\n');
    const built = await build(warmUp, state, process.env);
    if (built.exitCode !== 0) throw new Error(`Building sigil-sdk for the Rust blocks failed:\n${built.stderr.trim()}`);
    return state;
  },

  async run({ code, page, line, env, cwd, state, timeoutMs, title }) {
    const src = join(cwd, 'src');
    mkdirSync(src, { recursive: true });
    if (hasMain(code)) {
      writeFileSync(join(src, 'main.rs'), code);
    } else {
      writeFileSync(join(src, moduleFileName(blockTitle({ title, page, line, repoRoot: state.repoRoot }), line)), code);
      const modules = readdirSync(src)
        .filter((file) => file.endsWith('.rs') && file !== 'main.rs')
        .sort();
      writeFileSync(join(src, 'main.rs'), fragmentHarness(modules));
    }
    const built = await build(cwd, state, env);
    if (built.exitCode !== 0) {
      return { exitCode: built.exitCode, stdout: built.stdout, stderr: `cargo build failed:\n${built.stderr}` };
    }
    const ran = await spawnCollect(built.binary, [], { cwd, env, timeoutMs });
    if (ran.timedOut) return { ...ran, exitCode: ran.exitCode || 1, stderr: `${ran.stderr}\ndid not finish within ${timeoutMs / 1000} s` };
    return ran;
  },
};
