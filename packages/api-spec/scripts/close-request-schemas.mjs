// Marks every object schema a request body can contain `additionalProperties: false`, nested objects
// included: Sigil refuses a field the document does not define (code 3, `details` naming it) instead of
// storing a typo. The request schemas are found from each operation's requestBody by following `$ref`s
// through components/*.yaml; each object schema reached gets the line inserted right after its
// `type: object`, so comments and layout stay as they are. A schema that already says
// `additionalProperties` (true or false) is left alone. Run it after adding a request schema, then
// `npm run build`; src/closed-requests.test.ts fails while a request schema is open. With `--check` it only
// counts what it would close and writes nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { parseDocument, isMap, isSeq, isScalar } from 'yaml';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Parsed YAML files by absolute path, with their text, so nodes and line numbers come from one parse. */
const files = new Map();
function load(path) {
  let file = files.get(path);
  if (!file) {
    const text = readFileSync(path, 'utf8');
    file = { text, doc: parseDocument(text, { keepSourceTokens: false }), inserts: new Map() };
    files.set(path, file);
  }
  return file;
}

const seen = new Set();

/** Visits a schema node of `path`; `key` identifies it for cycle detection. */
function visit(path, node) {
  if (!isMap(node)) return;
  const id = `${path}@${node.range?.[0]}`;
  if (seen.has(id)) return;
  seen.add(id);
  const ref = node.get('$ref');
  if (typeof ref === 'string') {
    const [target, pointer = ''] = ref.split('#');
    const targetPath = target ? resolve(dirname(path), target) : path;
    const file = load(targetPath);
    const parts = pointer.split('/').filter(Boolean);
    const resolved = parts.length ? file.doc.getIn(parts, true) : file.doc.contents;
    visit(targetPath, resolved);
    return;
  }
  if (node.get('type') === 'object' && !node.has('additionalProperties')) {
    const typePair = node.items.find((item) => isScalar(item.key) && item.key.value === 'type');
    const file = load(path);
    const line = file.text.slice(0, typePair.value.range[1]).split('\n').length - 1;
    const indent = /^\s*/.exec(file.text.split('\n')[line])[0];
    file.inserts.set(line, `${indent}additionalProperties: false`);
  }
  const properties = node.get('properties', true);
  if (isMap(properties)) for (const pair of properties.items) visit(path, pair.value);
  for (const key of ['items', 'additionalProperties']) {
    const child = node.get(key, true);
    if (isMap(child)) visit(path, child);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = node.get(key, true);
    if (isSeq(list)) for (const child of list.items) visit(path, child);
  }
}

for (const name of readdirSync(join(ROOT, 'paths')).filter((n) => n.endsWith('.yaml')).sort()) {
  const path = join(ROOT, 'paths', name);
  const { doc } = load(path);
  for (const pair of doc.contents.items) {
    const schema = doc.getIn([pair.key.value, 'post', 'requestBody', 'content', 'application/json', 'schema'], true);
    visit(path, schema);
  }
}

const check = process.argv.includes('--check');
let inserted = 0;
for (const [path, file] of files) {
  if (file.inserts.size === 0) continue;
  inserted += file.inserts.size;
  if (check) continue;
  const lines = file.text.split('\n');
  for (const [line, text] of file.inserts) lines[line] = `${lines[line]}\n${text}`;
  writeFileSync(path, lines.join('\n'));
}
console.log(
  check
    ? `${inserted} request schemas are open`
    : `closed ${inserted} request schemas (every object a request body can hold now has additionalProperties: false)`,
);
