#!/usr/bin/env node
// Type-checks every ```ts / ```tsx block of the documentation, so examples cannot rot.
//
// Usage: node scripts/doctest/run.mjs [--dir <folder>]... [--keep]
//   --dir   folder(s) of .md/.mdx pages to check (default: website/docs and website/src/pages)
//   --keep  keep the generated modules (path printed) for debugging
//
// Each block becomes its own module file named after its page and fence line
// (getting-started__quickstart.mdx_L42.ts); one `tsc --noEmit` run checks them all and
// errors are reported as <page>:<line>:<column>. A block whose info string contains
// `skip-check` (optionally `skip-check reason="..."`) is not checked; its reason is printed.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const LANGS = new Map([
  ['ts', 'ts'],
  ['typescript', 'ts'],
  ['tsx', 'tsx'],
]);

/** Lists .md/.mdx files under `dir`, sorted, skipping node_modules and dot folders. */
export function findPages(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.mdx?$/.test(name)) out.push(full);
    }
  };
  walk(dir);
  return out;
}

/**
 * Finds fenced code blocks. Returns { lang, meta, line (1-based line of the opening fence), code }.
 * Handles ``` and ~~~ fences of any length and fences indented inside lists or JSX.
 */
export function extractBlocks(text) {
  const lines = text.split(/\r?\n/);
  const blocks = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, meta] = open;
    const body = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(lines[j]);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length) break;
      // Drop the fence's own indentation so indented blocks are valid code.
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j].trimStart());
    }
    blocks.push({ lang: lang.toLowerCase(), meta: meta.trim(), line: i + 1, code: body.join('\n') });
    i = j;
  }
  return blocks;
}

export function skipInfo(meta) {
  if (!/(^|\s)skip-check(?=\s|$)/.test(meta)) return undefined;
  const reason = /(?:^|\s)reason=(?:"([^"]*)"|'([^']*)')/.exec(meta);
  return { reason: reason ? (reason[1] ?? reason[2]) : undefined };
}

function tsconfigFor(files) {
  const require = createRequire(join(repo, 'package.json'));
  const types = ['node'];
  try {
    require.resolve('@docusaurus/module-type-aliases/package.json');
    types.push('@docusaurus/module-type-aliases');
  } catch {
    // Optional: only needed when blocks import @theme/* or @docusaurus/* modules.
  }
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      jsx: 'react-jsx',
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      esModuleInterop: true,
      resolveJsonModule: true,
      isolatedModules: true,
      allowJs: false,
      types,
      baseUrl: '.',
      paths: { '@site/*': [join(repo, 'website/*')] },
    },
    files,
  };
}

function runTsc(project) {
  const require = createRequire(join(repo, 'package.json'));
  const tsc = require.resolve('typescript/bin/tsc');
  return new Promise((resolvePromise) => {
    // Run inside the work folder so diagnostics name the generated files by their bare names.
    const options = { cwd: dirname(project), maxBuffer: 64 * 1024 * 1024 };
    execFile(process.execPath, [tsc, '-p', project, '--pretty', 'false'], options, (error, stdout, stderr) =>
      resolvePromise({ failed: Boolean(error), output: stdout + stderr }),
    );
  });
}

/** Parses `file(line,col): error TSxxxx: message` lines (with indented continuations). */
export function parseTscOutput(output) {
  const diagnostics = [];
  for (const line of output.split('\n')) {
    const m = /^(.+?)\((\d+),(\d+)\): (error|warning) (TS\d+): (.*)$/.exec(line);
    if (m) diagnostics.push({ file: m[1], line: Number(m[2]), column: Number(m[3]), code: m[5], message: m[6] });
    else if (line.startsWith(' ') && diagnostics.length) diagnostics[diagnostics.length - 1].message += '\n' + line;
    else if (line.trim()) diagnostics.push({ file: undefined, line: 0, column: 0, code: '', message: line.trim() });
  }
  return diagnostics;
}

/** Paths inside the repository are shown relative to its root, others as given. */
function displayPath(path) {
  const rel = relative(repo, path);
  return rel.startsWith('..') ? path : rel;
}

export async function run({ dirs, keep = false, log = console.log, error = console.error }) {
  const roots = dirs.map((d) => resolve(d));
  const work = join(here, '.tmp', `run-${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  const files = new Map(); // generated file name -> { page, line }
  const pages = [];
  let checked = 0;
  let skipped = 0;
  try {
    for (const root of roots) {
      let pageFiles = [];
      try {
        pageFiles = findPages(root);
      } catch {
        error(`doctest: cannot read ${displayPath(root)}; skipping it`);
        continue;
      }
      const prefix = roots.length > 1 && root.endsWith(`${sep}pages`) ? 'pages__' : '';
      for (const page of pageFiles) {
        const rel = relative(root, page);
        const display = displayPath(page);
        const stats = { display, checked: 0, skipped: [] };
        for (const block of extractBlocks(readFileSync(page, 'utf8'))) {
          const ext = LANGS.get(block.lang);
          if (!ext) continue;
          const skip = skipInfo(block.meta);
          if (skip) {
            stats.skipped.push({ line: block.line, reason: skip.reason });
            continue;
          }
          const name = `${prefix}${rel.split(sep).join('__')}_L${block.line}.${ext}`;
          // `export {}` at the end makes every block a module without shifting line numbers.
          writeFileSync(join(work, name), `${block.code}\nexport {};\n`);
          files.set(name, { page: display, line: block.line });
          stats.checked++;
        }
        if (stats.checked || stats.skipped.length) pages.push(stats);
        checked += stats.checked;
        skipped += stats.skipped.length;
      }
    }

    for (const page of pages) {
      log(`${page.display}: ${page.checked} checked, ${page.skipped.length} skipped`);
      for (const s of page.skipped) log(`  skipped ${page.display}:${s.line}${s.reason ? ` (${s.reason})` : ''}`);
    }
    log(`total: ${checked} checked, ${skipped} skipped in ${pages.length} page${pages.length === 1 ? '' : 's'}`);
    if (checked === 0) return { exitCode: 0, checked, skipped, errors: [] };

    writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(tsconfigFor([...files.keys()]), null, 2));
    const { failed, output } = await runTsc(join(work, 'tsconfig.json'));
    const diagnostics = parseTscOutput(output);
    const errors = diagnostics.map((d) => {
      const origin = d.file ? files.get(d.file) : undefined;
      if (origin) {
        return { location: `${origin.page}:${origin.line + d.line}:${d.column}`, code: d.code, message: d.message };
      }
      return { location: d.file ? `${displayPath(resolve(work, d.file))}:${d.line}:${d.column}` : '(tsc)', code: d.code, message: d.message };
    });
    for (const e of errors) error(`${e.location} - error ${e.code}: ${e.message}`.replace(' - error : ', ' - '));
    if (failed || errors.length) {
      const blocks = new Set(errors.map((e) => e.location.replace(/:\d+:\d+$/, ''))).size;
      error(`doctest: ${errors.length} type error${errors.length === 1 ? '' : 's'}${blocks ? ` on ${blocks} page${blocks === 1 ? '' : 's'}` : ''}`);
      return { exitCode: 1, checked, skipped, errors };
    }
    log('doctest: all blocks type-check');
    return { exitCode: 0, checked, skipped, errors };
  } finally {
    if (keep) log(`doctest: generated modules kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { dir: { type: 'string', multiple: true }, keep: { type: 'boolean' } } });
  const dirs = values.dir ?? [join(repo, 'website/docs'), join(repo, 'website/src/pages')];
  const { exitCode } = await run({ dirs, keep: values.keep ?? false });
  process.exitCode = exitCode;
}
