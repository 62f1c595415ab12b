// The doc checker's Go blocks (```go): each is built against this repository's Go SDK (packages/go, through a
// `replace` of github.com/sigil-example/sigil-go) and run against the unit's emulator.
//
// A block with `package main` is a whole program. Any other block is a fragment: the body of
//   func run(ctx context.Context, client *sigil.Client) error
// with `client` built from SIGIL_API_PUBLIC_KEY, SIGIL_API_PRIVATE_KEY, SIGIL_ORGANIZATION_ID and SIGIL_BASE_URL
// (what the Go page's newClient does), and context, errors, fmt, log, os, strings, time and sigil imported; a
// fragment may start with its own `import` lines for more. An error it returns is printed and exits 1.
// `//line` directives make compiler errors and panics name the page's lines.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnWithTimeout } from '../execute.mjs';

const MODULE = 'github.com/sigil-example/sigil-go';
// Compiling is not the example's time: a cold build of the SDK on a loaded machine takes a while.
const BUILD_TIMEOUT_MS = 180_000;
const HARNESS_IMPORTS = ['context', 'errors', 'fmt', 'log', 'os', 'strings', 'time'];

/** The environment of every go command: nothing is downloaded, and no outer go.work or vendor folder applies. */
function goEnv(env) {
  return { ...env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOWORK: 'off', GONOSUMDB: '*' };
}

function run(command, args, options) {
  return new Promise((resolvePromise) => {
    execFile(command, args, { maxBuffer: 16 * 1024 * 1024, ...options }, (error, stdout, stderr) =>
      resolvePromise({ error, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}

/** Splits a fragment's leading `import "x"` / `import ( … )` lines from its body. */
export function hoistImports(code) {
  const imports = [];
  const lines = code.split('\n');
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('//')) continue;
    const single = /^import\s+("[^"]+")\s*$/.exec(line);
    if (single) {
      imports.push(single[1]);
      continue;
    }
    if (/^import\s*\($/.test(line)) {
      for (i++; i < lines.length && lines[i].trim() !== ')'; i++) if (lines[i].trim()) imports.push(lines[i].trim());
      continue;
    }
    break;
  }
  return { imports, body: lines.slice(i).join('\n'), bodyStart: i };
}

/** The Go source a block runs as: a program as written, or a fragment inside the harness. */
export function goSource(code, page, line) {
  if (/^package\s+main\b/m.test(code)) return `//line ${page}:${line + 1}\n${code}\n`;
  const { imports, body, bodyStart } = hoistImports(code);
  const wanted = new Set(HARNESS_IMPORTS.map((name) => `"${name}"`));
  const extra = imports.filter((spec) => !wanted.has(spec) && spec !== `"${MODULE}/sigil"`);
  return `package main

import (
${HARNESS_IMPORTS.map((name) => `\t"${name}"`).join('\n')}
${extra.map((spec) => `\t${spec}`).join('\n')}
\t"${MODULE}/sigil"
)

// The harness imports what fragments commonly use; these keep Go from refusing the unused ones.
var (
\t_ = errors.New
\t_ = fmt.Sprint
\t_ = log.Print
\t_ = strings.TrimSpace
\t_ = time.Second
)

func main() {
\tstamper, err := sigil.NewAPIKeyStamper(os.Getenv("SIGIL_API_PUBLIC_KEY"), os.Getenv("SIGIL_API_PRIVATE_KEY"))
\tif err != nil {
\t\tfmt.Fprintln(os.Stderr, err)
\t\tos.Exit(1)
\t}
\tclient := sigil.NewClient(sigil.Config{
\t\tOrganizationID: os.Getenv("SIGIL_ORGANIZATION_ID"),
\t\tStamper:        stamper,
\t\tBaseURL:        os.Getenv("SIGIL_BASE_URL"),
\t})
\tif err := run(context.Background(), client); err != nil {
\t\tfmt.Fprintln(os.Stderr, err)
\t\tos.Exit(1)
\t}
}

func run(ctx context.Context, client *sigil.Client) error {
//line ${page}:${line + 1 + bodyStart}
${body}
\treturn nil
}
`;
}

export default {
  id: 'go',
  fences: ['go'],

  async prepare({ repoRoot, workDir }) {
    const version = await run('go', ['version'], { env: goEnv(process.env) });
    if (version.error) {
      throw new Error(`Go blocks need the go command (Debian: apt-get install golang-go): ${version.error.code === 'ENOENT' ? 'go is not on PATH' : version.stderr.trim()}`);
    }
    const moduleDir = join(workDir, 'examples');
    mkdirSync(moduleDir, { recursive: true });
    writeFileSync(
      join(moduleDir, 'go.mod'),
      `module sigil-doc-examples\n\ngo 1.19\n\nrequire ${MODULE} v0.0.0\n\nreplace ${MODULE} => ${join(repoRoot, 'packages/go')}\n`,
    );
    // Build the SDK once now, so each block only compiles itself.
    const warm = await run('go', ['build', `${MODULE}/sigil`], { cwd: moduleDir, env: goEnv(process.env), timeout: BUILD_TIMEOUT_MS });
    if (warm.error) throw new Error(`building the Go SDK (packages/go) failed:\n${warm.stderr.trim() || warm.error.message}`);
    return { moduleDir, version: version.stdout.trim(), blocks: 0 };
  },

  async run({ code, page, line, env, cwd, state, timeoutMs }) {
    const name = `block_${page.replace(/[^A-Za-z0-9]+/g, '_')}_L${line}_${++state.blocks}`;
    const dir = join(state.moduleDir, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'main.go'), goSource(code, page, line));
    const binary = join(dir, 'example');
    const built = await run('go', ['build', '-o', binary, `./${name}`], { cwd: state.moduleDir, env: goEnv(env), timeout: BUILD_TIMEOUT_MS });
    if (built.error) {
      return { exitCode: 1, stdout: '', stderr: `go build failed:\n${built.stderr.trim() || built.error.message}` };
    }
    const result = await spawnWithTimeout(binary, [], { cwd, env }, timeoutMs);
    return { exitCode: result.code, stdout: result.stdout, stderr: result.stderr, timedOut: result.timedOut };
  },
};
