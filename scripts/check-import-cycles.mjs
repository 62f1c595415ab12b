#!/usr/bin/env node
// Fails when TypeScript sources import each other in a circle. A circle hides which module is the lower
// layer, and at run time one of its modules sees the other half-initialised; giving the shared part a module
// of its own always breaks it. Type-only imports count too: they are where such circles start.
//
// Reads every static `import … from`, `export … from` and `import x = require(…)` (not `import()`, which
// loads lazily) and resolves relative specifiers and the site's `@site/` alias the way the bundlers do
// (`./x.js` is `./x.ts`, a folder is its index). Bare package names are other packages' built output, so
// they are not followed. Prints each circle as a chain of paths and exits 1 when there is one.
//
// Usage: node scripts/check-import-cycles.mjs [root]   (default: the repository holding this script)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', '.docusaurus', 'generated-fixtures']);

/** The folders checked, relative to the root: every package's sources and the site's own code. */
export function sourceFolders(root) {
  const packages = join(root, 'packages');
  const folders = existsSync(packages)
    ? readdirSync(packages)
        .map((name) => join('packages', name, 'src'))
        .filter((folder) => existsSync(join(root, folder)))
    : [];
  for (const folder of ['website/src', 'website/plugins']) if (existsSync(join(root, folder))) folders.push(folder);
  return folders.sort();
}

function listSources(folder, into) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) listSources(path, into);
    } else if (SOURCE_EXTENSIONS.some((extension) => entry.name.endsWith(extension)) && !entry.name.endsWith('.d.ts')) {
      into.push(path);
    }
  }
  return into;
}

/** The module specifiers `path` imports statically. */
export function importsOf(path, text = readFileSync(path, 'utf8')) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      const expression = statement.moduleReference.expression;
      if (ts.isStringLiteral(expression)) specifiers.push(expression.text);
    }
  }
  return specifiers;
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The source file `specifier` names from `importer`, or undefined for a package or an asset. */
export function resolveImport(root, importer, specifier) {
  let base;
  if (specifier.startsWith('./') || specifier.startsWith('../')) base = resolve(dirname(importer), specifier);
  else if (specifier.startsWith('@site/')) base = join(root, 'website', specifier.slice('@site/'.length));
  else return undefined;
  const withoutScriptExtension = base.replace(/\.(m|c)?jsx?$/, '');
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => withoutScriptExtension + extension),
    ...SOURCE_EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => SOURCE_EXTENSIONS.some((extension) => candidate.endsWith(extension)) && isFile(candidate));
}

/** Every import edge between the checked files: path -> the checked paths it imports. */
export function importGraph(root, folders = sourceFolders(root)) {
  const files = folders.flatMap((folder) => listSources(join(root, folder), []));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const specifier of importsOf(file)) {
      const target = resolveImport(root, file, specifier);
      if (target && known.has(target)) targets.add(target);
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The strongly connected components with a circle in them (Tarjan's algorithm, iterative so deep chains do not overflow). */
function circularComponents(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || targets.includes(frame.node)) components.push(component.sort());
      }
    }
  }
  return components;
}

/** One shortest circle through `start` inside `component` (breadth-first), as a list of paths ending where it began. */
function circleThrough(graph, component, start) {
  const members = new Set(component);
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const target of graph.get(node) ?? []) {
      if (target === start) {
        const chain = [start];
        for (let at = node; at !== start; at = cameFrom.get(at)) chain.splice(1, 0, at);
        return [...chain, start];
      }
      if (members.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

/**
 * The import circles under `root`: one entry per group of files that import each other, with its files and
 * the shortest circle through its first file (breaking that circle is where to start).
 */
export function findImportCycles(root, folders = sourceFolders(root)) {
  const graph = importGraph(root, folders);
  const name = (path) => relative(root, path).split('\\').join('/');
  return circularComponents(graph)
    .map((component) => ({ files: component.map(name), circle: circleThrough(graph, component, component[0]).map(name) }))
    .sort((a, b) => a.files[0].localeCompare(b.files[0]));
}

/** The report the command prints: `ok` false when there is a circle, with each circle listed in `text`. */
export function checkImportCycles(root) {
  const started = performance.now();
  const folders = sourceFolders(root);
  const cycles = findImportCycles(root, folders);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (cycles.length === 0) return { ok: true, text: `No import cycles in ${folders.length} source folders (${seconds} s).` };
  const lines = [`${cycles.length} import cycle(s); give what both sides share a module of its own:`];
  for (const { files, circle } of cycles) {
    lines.push('', `- ${files.length} files: ${files.join(', ')}`, `  ${circle.join('\n    -> ')}`);
  }
  return { ok: false, text: lines.join('\n') };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ok, text } = checkImportCycles(resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..')));
  (ok ? console.log : console.error)(text);
  if (!ok) process.exitCode = 1;
}
