#!/usr/bin/env node
// Type-checks every ```ts / ```tsx block of the documentation, so examples cannot rot, and runs the marked ones
// against a fresh emulator each (Node blocks with tsx, browser blocks in Chromium), with the shell blocks that call
// the API and every block of a language module in languages/ (Go, Ruby, Rust): see README.md.
//
// Usage: node scripts/doctest/run.mjs [--dir <folder>]... [--keep] [--languages <folder>] [--list]
//   --dir        folder(s) of .md/.mdx pages to check (default: website/docs and website/src/pages)
//   --list       before the summary, list every type-checked-only and skipped block with its page, line and reason
//   --keep       keep the generated modules (path printed) for debugging
//   --languages  the folder of language modules (default: scripts/doctest/languages)
//
// Each block becomes its own module file named after its page and fence line
// (getting-started__quickstart.mdx_L42.ts); one `tsc --noEmit` run checks them all and
// errors are reported as <page>:<line>:<column>. A block whose info string contains
// `skip-check` (optionally `skip-check reason="..."`) is not checked; its reason is printed.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { callsApi, isShell, parseMeta, runSpec, runUnits, talksToApi } from './execute.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const LANGS = new Map([
  ['ts', 'ts'],
  ['typescript', 'ts'],
  ['tsx', 'tsx'],
]);

/** The folder of language modules the checker discovers by default. */
export const LANGUAGES_DIR = join(here, 'languages');
/** Languages named in the summary line even when no block of theirs ran, so a missing count reads as 0. */
const SUMMARY_LANGUAGES = ['ts', 'sh', 'go', 'rb', 'rs'];

/**
 * Imports every `<id>.mjs` of `dir` (the interface is in README.md: id, fences, prepare, run) and checks its shape,
 * so a broken module fails the run with its file named. A missing folder means no extra languages.
 */
export async function loadLanguages(dir = LANGUAGES_DIR) {
  if (!existsSync(dir)) return [];
  const modules = [];
  const fences = new Map();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.mjs')).sort()) {
    const file = join(dir, name);
    const language = (await import(pathToFileURL(file).href)).default;
    const where = displayPath(file);
    if (!language || typeof language !== 'object') throw new Error(`${where}: default-export the language module ({ id, fences, prepare, run })`);
    if (typeof language.id !== 'string' || !/^[a-z][a-z0-9]*$/.test(language.id) || ['ts', 'sh'].includes(language.id)) {
      throw new Error(`${where}: id must be a short lowercase name other than ts and sh (got ${JSON.stringify(language.id)})`);
    }
    if (!Array.isArray(language.fences) || language.fences.length === 0) throw new Error(`${where}: fences must list the info-string languages it handles`);
    if (typeof language.prepare !== 'function' || typeof language.run !== 'function') throw new Error(`${where}: needs async prepare() and run()`);
    for (const fence of language.fences) {
      const lang = String(fence).toLowerCase();
      if (LANGS.has(lang) || isShell(lang)) throw new Error(`${where}: fence ${lang} belongs to the checker's own ${LANGS.has(lang) ? 'TypeScript' : 'shell'} blocks`);
      if (fences.has(lang)) throw new Error(`${where}: fence ${lang} is also claimed by ${fences.get(lang)}`);
      fences.set(lang, where);
    }
    modules.push(language);
  }
  return modules;
}

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

/**
 * The project a block belongs to (`project` or `project="name"`): the titled blocks of one page with the same
 * project are type-checked as files of one folder, each under its title, so `import … from './sign-up'` finds the
 * block titled `sign-up.ts`. Returns undefined for a block of its own, or { name, title } (title undefined when the
 * block has none, which is an error the caller reports).
 */
export function projectOf(meta) {
  const m = parseMeta(meta);
  const project = m.first('project');
  if (!project) return undefined;
  return { name: project.value || 'default', title: m.first('title')?.value };
}

/** The file a project block is type-checked as: its title, with the extension of its fence (tsx stays tsx). */
export function projectFile(title, ext) {
  const clean = title.replace(/^\.?\/+/, '');
  return /\.(ts|tsx|mts|cts)$/.test(clean) ? clean.replace(/\.(ts|tsx|mts|cts)$/, `.${ext}`) : `${clean}.${ext}`;
}

/**
 * The --list section: every block that is type-checked only or skipped, with its page, line and reason, so what is
 * left to run is one command away. `pages` are run()'s page stats.
 */
export function listNotRun(pages) {
  const lines = [];
  for (const page of pages) {
    const entries = [
      ...page.typeCheckedOnly.map((s) => ({ line: s.line, text: `type-checked only ${page.display}:${s.line} (${s.reason})` })),
      ...page.skipped.map((s) => ({ line: s.line, text: `skipped ${page.display}:${s.line} (${s.reason ?? 'no reason given'})` })),
    ];
    for (const entry of entries.sort((x, y) => x.line - y.line)) lines.push(`  ${entry.text}`);
  }
  return lines.length ? ['blocks that do not run:', ...lines] : ['blocks that do not run: none'];
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
    files: [...files, ...fallbackTypes(require)],
  };
}

/** Declarations in types/ for modules the workspace does not install (react-native), each only while it is absent. */
function fallbackTypes(require) {
  const dir = join(repo, 'scripts/doctest/types');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.d.ts'))
    .filter((file) => {
      try {
        require.resolve(`${file.slice(0, -'.d.ts'.length)}/package.json`);
        return false;
      } catch {
        return true;
      }
    })
    .map((file) => join(dir, file));
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

/**
 * The closing line: `examples: N run (ts A, sh B, go C, rb D, rs E), M type-checked only, K skipped`. The five
 * usual languages are always named; another language module's count follows them when it ran a block.
 */
export function summary({ run, byLanguage = {}, typeChecked, skipped }) {
  const ids = [...SUMMARY_LANGUAGES, ...Object.keys(byLanguage).filter((id) => !SUMMARY_LANGUAGES.includes(id)).sort()];
  const counts = ids.map((id) => `${id} ${byLanguage[id] ?? 0}`).join(', ');
  return `examples: ${run} run (${counts}), ${typeChecked} type-checked only, ${skipped} skipped`;
}

const unitName = (display, session, line) =>
  `${display.replace(/^website\/docs\//, '').replace(/[^A-Za-z0-9]+/g, '_')}${session ? `__${session.replace(/\W+/g, '_')}` : `_L${line}`}`;

/** Runs every unit against its own emulator; one Chromium for the whole run, started only when a unit needs it. */
async function runAllUnits(units, { concurrency, execWork, work }) {
  const { startTestEmulator } = await import('@sigil/emulator/testing');
  let browser;
  const getBrowser = () => (browser ??= import('../browser/passkey-page.mjs').then(({ launchChromium }) => launchChromium({ offline: true })));
  // Each language prepares once per run (compiling its SDK, writing a harness), when its first block needs it.
  const prepared = new Map();
  const prepareLanguage = (language) => {
    if (!prepared.has(language.id)) {
      const workDir = join(work, `language-${language.id}`);
      mkdirSync(workDir, { recursive: true });
      prepared.set(language.id, Promise.resolve().then(() => language.prepare({ repoRoot: repo, workDir })));
    }
    return prepared.get(language.id);
  };
  // The local chains (scripts/doctest/chains), started once for the units that broadcast or fund an account.
  let chains;
  const getChains = () => (chains ??= import('./chains/index.mjs').then(({ startChains }) => startChains()));
  try {
    return await runUnits(units, {
      getBrowser,
      prepareLanguage,
      getChains,
      repo,
      work: execWork,
      concurrency,
      // Named as `sigil emulator start` names its organization, so results the pages state match.
      startEmulator: () => startTestEmulator({ organizationName: 'Emulator Organization' }),
    });
  } finally {
    if (browser) await (await browser.catch(() => undefined))?.close();
    if (chains) await (await chains.catch(() => undefined))?.stop();
  }
}

export async function run({ dirs, keep = false, execute = true, filter, concurrency = 2, languagesDir, list = false, log = console.log, error = console.error }) {
  const started = Date.now();
  const languages = await loadLanguages(languagesDir);
  const languageOf = new Map(languages.flatMap((language) => language.fences.map((fence) => [String(fence).toLowerCase(), language])));
  const roots = dirs.map((d) => resolve(d));
  const work = join(here, '.tmp', `run-${process.pid}-${Date.now()}`);
  mkdirSync(work, { recursive: true });
  // Examples run where the Local development page tells readers to put them: inside examples/, an ES module
  // package of the workspace, so what passes here works for a reader who pastes the block there.
  const execWork = join(repo, 'examples', '.doctest', `run-${process.pid}-${Date.now()}`);
  const files = new Map(); // generated file name -> { page, line }
  const pages = [];
  const units = [];
  const specErrors = [];
  let checked = 0;
  let skipped = 0;
  let notRun = 0;
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
        if (filter && !display.includes(filter)) continue;
        const stats = { display, checked: 0, skipped: [], notRun: [], typeCheckedOnly: [] };
        const sessions = new Map();
        const projectFiles = new Map(); // file inside a project folder -> the line of the block that claimed it
        for (const block of extractBlocks(readFileSync(page, 'utf8'))) {
          const ext = LANGS.get(block.lang);
          const shell = isShell(block.lang);
          const language = languageOf.get(block.lang);
          if (!ext && !shell && !language) continue;
          const spec = runSpec(block.meta);
          for (const message of spec.errors) specErrors.push(`${display}:${block.line} - ${message}`);
          if (spec.skipRun && !spec.skipRun.reason) specErrors.push(`${display}:${block.line} - skip-run needs a reason: skip-run reason="why it cannot run"`);
          const skip = skipInfo(block.meta);
          let runs = false;
          if (shell) {
            // Shell blocks are not type-checked: they either run or are skipped, and only those that call the API count.
            if (!callsApi(block.code) && !spec.run) continue;
            if (spec.skipRun || skip) {
              stats.skipped.push({ line: block.line, reason: (spec.skipRun ?? skip).reason });
              continue;
            }
            runs = true;
          } else if (language) {
            // Go, Ruby and Rust blocks are compiled and run together (fragments inside the module's harness): every
            // one runs unless it says why not.
            if (spec.skipRun || skip) {
              stats.skipped.push({ line: block.line, reason: (spec.skipRun ?? skip).reason });
              continue;
            }
            runs = true;
          } else {
            if (skip) {
              stats.skipped.push({ line: block.line, reason: skip.reason });
              continue;
            }
            const project = projectOf(block.meta);
            let name = `${prefix}${rel.split(sep).join('__')}_L${block.line}.${ext}`;
            if (project) {
              if (!project.title) {
                specErrors.push(`${display}:${block.line} - project needs a title: the block is the project's file of that name (title="sign-up.ts")`);
                continue;
              }
              const file = projectFile(project.title, ext);
              name = `${prefix}${rel.split(sep).join('__')}__project_${project.name.replace(/\W+/g, '_')}/${file}`;
              if (projectFiles.has(name)) {
                specErrors.push(`${display}:${block.line} - project "${project.name}" already has ${file} (line ${projectFiles.get(name)}): give each block of a project its own title`);
                continue;
              }
              projectFiles.set(name, block.line);
              mkdirSync(dirname(join(work, name)), { recursive: true });
            }
            // `export {}` at the end makes every block a module without shifting line numbers.
            writeFileSync(join(work, name), `${block.code}\nexport {};\n`);
            files.set(name, { page: display, line: block.line });
            stats.checked++;
            if (spec.skipRun) stats.notRun.push({ line: block.line, reason: spec.skipRun.reason });
            else runs = spec.run;
            if (spec.skipRun) stats.typeCheckedOnly.push({ line: block.line, reason: spec.skipRun.reason ?? 'skip-run without a reason' });
            else if (!spec.run) stats.typeCheckedOnly.push({ line: block.line, reason: 'not marked to run' });
            else if (!execute) stats.typeCheckedOnly.push({ line: block.line, reason: 'running disabled (--no-run)' });
            // The goal is that every example that talks to the API runs; one that is not marked either way is listed.
            if (!spec.run && !spec.skipRun && talksToApi(block.code)) {
              stats.notRun.push({ line: block.line, reason: 'talks to the API but is marked neither run nor skip-run' });
            }
          }
          if (!runs || !execute) {
            if (runs) stats.notRun.push({ line: block.line, reason: 'running disabled (--no-run)' });
            continue;
          }
          const entry = { ...block, display, spec, language };
          if (spec.session) {
            if (!sessions.has(spec.session)) {
              const unit = { id: unitName(display, spec.session, block.line), label: `${display} session "${spec.session}"`, blocks: [] };
              sessions.set(spec.session, unit);
              units.push(unit);
            }
            sessions.get(spec.session).blocks.push(entry);
          } else {
            units.push({ id: unitName(display, undefined, block.line), label: `${display}:${block.line}`, blocks: [entry] });
          }
        }
        if (stats.checked || stats.skipped.length || units.some((u) => u.blocks[0].display === display)) pages.push(stats);
        checked += stats.checked;
        skipped += stats.skipped.length;
        notRun += stats.notRun.length;
      }
    }

    for (const page of pages) {
      log(`${page.display}: ${page.checked} checked, ${page.skipped.length} skipped`);
      for (const s of page.skipped) log(`  skipped ${page.display}:${s.line}${s.reason ? ` (${s.reason})` : ''}`);
      for (const s of page.notRun) log(`  not run ${page.display}:${s.line}${s.reason ? ` (${s.reason})` : ''}`);
    }
    log(`total: ${checked} checked, ${skipped} skipped in ${pages.length} page${pages.length === 1 ? '' : 's'}`);
    for (const message of specErrors) error(`${message}`);

    let exitCode = specErrors.length ? 1 : 0;
    const errors = [];
    // The examples start running while tsc type-checks: tsc keeps one core busy, and the units mostly wait on
    // emulators and Chromium. Their results are printed after the type-check's, as before.
    const running = units.length > 0 ? runAllUnits(units, { concurrency, execWork, work }) : undefined;
    // Awaited below; this only keeps a failure from counting as unhandled while tsc runs.
    running?.catch(() => undefined);
    if (checked > 0) {
      writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(tsconfigFor([...files.keys()]), null, 2));
      const { failed, output } = await runTsc(join(work, 'tsconfig.json'));
      for (const d of parseTscOutput(output)) {
        const origin = d.file ? files.get(d.file) : undefined;
        if (origin) errors.push({ location: `${origin.page}:${origin.line + d.line}:${d.column}`, code: d.code, message: d.message });
        else errors.push({ location: d.file ? `${displayPath(resolve(work, d.file))}:${d.line}:${d.column}` : '(tsc)', code: d.code, message: d.message });
      }
      for (const e of errors) error(`${e.location} - error ${e.code}: ${e.message}`.replace(' - error : ', ' - '));
      if (failed || errors.length) {
        const blocks = new Set(errors.map((e) => e.location.replace(/:\d+:\d+$/, ''))).size;
        error(`doctest: ${errors.length} type error${errors.length === 1 ? '' : 's'}${blocks ? ` on ${blocks} page${blocks === 1 ? '' : 's'}` : ''}`);
        exitCode = 1;
      } else {
        log('doctest: all blocks type-check');
      }
    }

    const failures = [];
    let ran = 0;
    let ranTypeScript = 0;
    const byLanguage = {};
    if (units.length > 0) {
      const results = await running;
      for (const [index, unitResults] of results.entries()) {
        for (const { block, failure, notReached } of unitResults) {
          ran++;
          const id = block.language ? block.language.id : isShell(block.lang) ? 'sh' : 'ts';
          byLanguage[id] = (byLanguage[id] ?? 0) + 1;
          if (id === 'ts') ranTypeScript++;
          const where = `${block.display}:${block.line}`;
          if (notReached) {
            failures.push(where);
            error(`FAIL ${where} - not run: an earlier block of ${units[index].label} failed`);
          } else if (failure) {
            failures.push(where);
            error(`FAIL ${where} - ${failure.replace(/\n/g, '\n    ')}`);
          } else {
            log(`ran ${where}`);
          }
        }
      }
      if (failures.length) {
        error(`doctest: ${failures.length} example${failures.length === 1 ? '' : 's'} failed to run`);
        exitCode = 1;
      }
      log(`doctest: ran ${ran} example${ran === 1 ? '' : 's'} in ${units.length} unit${units.length === 1 ? '' : 's'} (one emulator each) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    if (list) for (const line of listNotRun(pages)) log(line);
    log(summary({ run: ran, byLanguage, typeChecked: checked - ranTypeScript, skipped }));
    return { exitCode, checked, skipped, ran, byLanguage, notRun, errors, failures };
  } finally {
    if (keep) error(`doctest: generated files kept in ${work} and ${execWork}`);
    else {
      rmSync(work, { recursive: true, force: true });
      rmSync(execWork, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string', multiple: true },
      keep: { type: 'boolean' },
      'no-run': { type: 'boolean' },
      filter: { type: 'string' },
      concurrency: { type: 'string' },
      languages: { type: 'string' },
      list: { type: 'boolean' },
    },
  });
  const dirs = values.dir ?? [join(repo, 'website/docs'), join(repo, 'website/src/pages')];
  const concurrency = values.concurrency === undefined ? Math.max(2, availableParallelism()) : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`--concurrency must be a whole number from 1 (got "${values.concurrency}")`);
  const { exitCode } = await run({ dirs, keep: values.keep ?? false, execute: !values['no-run'], filter: values.filter, concurrency, languagesDir: values.languages && resolve(values.languages), list: values.list ?? false });
  process.exitCode = exitCode;
}
