#!/usr/bin/env node
// Parses every ```swift and ```dart block of the documentation with a real grammar for that language
// (tree-sitter, prebuilt WebAssembly grammars from the tree-sitter-wasms package), because neither toolchain
// can be installed where CI runs: a block that does not parse is reported as <page>:<line>:<column>.
// This is a syntax check only; the doc checker (../run.mjs) does not count these blocks at all.
//
// Usage: node scripts/doctest/grammar/check.mjs [--dir <folder>]... [page.mdx]...
//   default: website/docs and website/src/pages
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { Language, Parser } from 'web-tree-sitter';
import { extractBlocks, findPages } from '../run.mjs';

// V8 otherwise recompiles the grammars (3 MB of WebAssembly for Swift) with its optimizing compiler in the
// background, and the process cannot exit until that finishes: a minute on a busy machine. The baseline
// compiler alone parses these few blocks in milliseconds.
setFlagsFromString('--liftoff-only');

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../../..');
const require = createRequire(import.meta.url);

/** Info-string language -> the grammar file inside tree-sitter-wasms/out. */
export const GRAMMARS = new Map([
  ['swift', 'tree-sitter-swift.wasm'],
  ['dart', 'tree-sitter-dart.wasm'],
]);

let parsers;
/** One parser per language, loaded once (web-tree-sitter's runtime initialises once per process). */
async function loadParsers() {
  if (!parsers) {
    parsers = (async () => {
      await Parser.init();
      const loaded = new Map();
      for (const [lang, file] of GRAMMARS) {
        const parser = new Parser();
        parser.setLanguage(await Language.load(require.resolve(`tree-sitter-wasms/out/${file}`)));
        loaded.set(lang, parser);
      }
      return loaded;
    })();
  }
  return parsers;
}

/** The ERROR and MISSING nodes of a tree, outermost first; subtrees without errors are not visited. */
function faults(node, out = []) {
  if (node.isMissing) {
    out.push({ node, message: `missing ${node.type}` });
    return out;
  }
  if (node.isError) {
    out.push({ node, message: `cannot parse ${JSON.stringify(node.text.slice(0, 40))}` });
    return out;
  }
  if (!node.hasError) return out;
  for (const child of node.children) faults(child, out);
  return out;
}

/**
 * Parses the Swift and Dart blocks of `text` (a page) and returns what was checked and each fault as
 * `<display>:<line>:<column> - <lang>: <message>`, with the page's own line and column numbers.
 */
export async function checkPageText(text, display) {
  const loaded = await loadParsers();
  const errors = [];
  const counts = { swift: 0, dart: 0 };
  for (const block of extractBlocks(text)) {
    const parser = loaded.get(block.lang);
    if (!parser) continue;
    counts[block.lang]++;
    const tree = parser.parse(block.code);
    try {
      for (const { node, message } of faults(tree.rootNode)) {
        // The block's first code line is the line after its opening fence.
        const line = block.line + 1 + node.startPosition.row;
        errors.push(`${display}:${line}:${node.startPosition.column + 1} - ${block.lang}: ${message}`);
      }
    } finally {
      tree.delete();
    }
  }
  return { counts, errors };
}

/** Checks pages (files) and folders of pages; returns the counts per language and every fault. */
export async function checkPages(paths) {
  const counts = { swift: 0, dart: 0 };
  const errors = [];
  for (const page of paths.flatMap((path) => (/\.mdx?$/.test(path) ? [path] : findPages(path)))) {
    const result = await checkPageText(readFileSync(page, 'utf8'), relative(repo, resolve(page)));
    counts.swift += result.counts.swift;
    counts.dart += result.counts.dart;
    errors.push(...result.errors);
  }
  return { counts, errors };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ options: { dir: { type: 'string', multiple: true } }, allowPositionals: true });
  const paths = [...(values.dir ?? []), ...positionals];
  const { counts, errors } = await checkPages(
    paths.length ? paths : [join(repo, 'website/docs'), join(repo, 'website/src/pages')],
  );
  for (const error of errors) console.error(error);
  console.log(`grammar: ${counts.swift} swift and ${counts.dart} dart blocks parsed, ${errors.length} error${errors.length === 1 ? '' : 's'}`);
  process.exitCode = errors.length ? 1 : 0;
}
