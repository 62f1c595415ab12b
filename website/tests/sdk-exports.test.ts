/**
 * Holds the `## Exported API` table of each SDK reference page equal to what its package really exports.
 *
 * For every JavaScript/TypeScript SDK page of a package in this repository, the test reads the first
 * Markdown table under the page's `## Exported API` heading and compares the names in its first column
 * with the package's exports:
 *
 * - runtime exports: `Object.keys(await import(pkg))`;
 * - type exports: the TypeScript compiler's view of the package's declaration entry point
 *   (`ts.createProgram` on `dist/index.d.ts` + `checker.getExportsOfModule`), which also lists the
 *   runtime names, and the names re-exported with `export type *`.
 *
 * A difference in either direction fails, naming the page, the package and each missing or extra name.
 * A subpath entry point (`@sigil/emulator/testing`) is held to its own table, under the `##`/`###` heading
 * given in SDK_PAGES.
 *
 * How the first column is read:
 * - Every code span (`` `name` ``) in the first cell is one documented export. A cell may hold several,
 *   separated by commas.
 * - Operation patterns. `@sigil/http` (and the SDKs that re-export its types) exports generated types per
 *   operation of the API. Rather than 98 rows, a page writes the pattern once, and the test expands it
 *   against the operation list the package itself exports at runtime (`SIGIL_OPERATIONS`):
 *     `<Query>Request`, `<Query>Response`   one name per query operation (kind `query`),
 *     `<Submission>Parameters`              one name per submission operation (kind `submission`),
 *   where `<Query>` / `<Submission>` is the operationId with its first letter in upper case
 *   (`getWallet` -> `GetWalletRequest`, `createWallet` -> `CreateWalletParameters`). A pattern that
 *   expands to a name the package lacks fails like any other extra row, so a pattern cannot hide drift.
 * - The second column is the kind of the export. `type`, `interface` and `type only` mean the name
 *   exists for TypeScript only (it must not be a runtime export); any other kind (`class`, `function`,
 *   `constant`) means it must be a runtime export.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const docs = join(__dirname, '..', 'docs');

/** The SDK pages that document a package of this repository, and that package. */
const SDK_PAGES = [
  {page: 'sdks/javascript-browser.mdx', pkg: '@sigil/sdk-browser'},
  {page: 'sdks/javascript-server.mdx', pkg: '@sigil/sdk-server'},
  {page: 'sdks/cli.mdx', pkg: '@sigil/cli'},
  {page: 'sdks/advanced/api-key-stamper.mdx', pkg: '@sigil/api-key-stamper'},
  {page: 'sdks/advanced/webauthn-stamper.mdx', pkg: '@sigil/webauthn-stamper'},
  {page: 'sdks/advanced/sigil-client.mdx', pkg: '@sigil/http'},
  {page: 'reference/embedded-wallet-kit.mdx', pkg: '@sigil/embedded-wallet-kit'},
  // The emulator's test entry point, which tests of this client use, has its own table on the same page.
  {page: 'sdks/advanced/sigil-client.mdx', pkg: '@sigil/emulator/testing', heading: '`@sigil/emulator/testing`'},
] as const satisfies readonly {page: string; pkg: string; heading?: string}[];

interface DocumentedExport {
  /** The name or operation pattern as written in the table. */
  name: string;
  /** The kind column, lower case. */
  kind: string;
  /** 1-based line of the row in the page. */
  line: number;
}

interface Operation {
  operationId: string;
  kind: 'query' | 'submission';
}

const TYPE_ONLY_KINDS = /^(type|interface|type only)\b/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const PATTERN = /^<(Query|Submission)>([A-Za-z]+)$/;

/** Splits a table row on the `|` that are not escaped (`\|` stays inside a cell). */
function cells(row: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < row.length; i++) {
    const char = row[i]!;
    if (char === '\\' && row[i + 1] === '|') {
      current += '|';
      i++;
    } else if (char === '|') {
      parts.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current.trim());
  // A row starts and ends with `|`, which leaves an empty first and last part.
  return parts.slice(1, -1);
}

/**
 * Reads the first Markdown table under the `##` or `###` heading whose text is `heading` (default
 * `Exported API`); the section ends at the next heading of the same or a higher level.
 * Throws when the section or its table is missing.
 */
function parseExportTable(mdx: string, page = 'page', heading = 'Exported API'): DocumentedExport[] {
  const lines = mdx.split(/\r?\n/);
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const start = lines.findIndex((line) => new RegExp(`^#{2,3} ${escaped}\\s*$`).test(line));
  if (start === -1) throw new Error(`${page} has no "${heading}" heading`);
  const level = /^#+/.exec(lines[start]!)![0].length;
  let end = lines.findIndex((line, index) => index > start && new RegExp(`^#{1,${level}} `).test(line));
  if (end === -1) end = lines.length;
  const first = lines.findIndex((line, index) => index > start && index < end && line.trimStart().startsWith('|'));
  if (first === -1) throw new Error(`${page}: "${heading}" has no table`);
  const rows: DocumentedExport[] = [];
  for (let index = first + 2; index < end && lines[index]!.trimStart().startsWith('|'); index++) {
    const [nameCell = '', kindCell = ''] = cells(lines[index]!.trim());
    const names = [...nameCell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    if (names.length === 0) throw new Error(`${page}:${index + 1}: the first cell names no export in code font`);
    for (const name of names) rows.push({name, kind: kindCell.replace(/`/g, '').toLowerCase(), line: index + 1});
  }
  if (rows.length === 0) throw new Error(`${page}: the "## Exported API" table has no rows`);
  return rows;
}

function pascal(operationId: string): string {
  return operationId[0]!.toUpperCase() + operationId.slice(1);
}

/** Expands the operation patterns; plain names map to themselves. Unknown shapes throw. */
function expandRow(row: DocumentedExport, operations: readonly Operation[], page = 'page'): string[] {
  const pattern = PATTERN.exec(row.name);
  if (pattern) {
    const kind = pattern[1] === 'Query' ? 'query' : 'submission';
    const names = operations.filter((op) => op.kind === kind).map((op) => pascal(op.operationId) + pattern[2]);
    if (names.length === 0) throw new Error(`${page}:${row.line}: pattern ${row.name} matches no operation`);
    return names;
  }
  if (!IDENTIFIER.test(row.name)) {
    throw new Error(`${page}:${row.line}: "${row.name}" is neither an export name nor a known operation pattern`);
  }
  return [row.name];
}

interface ActualExports {
  /** Every exported name, runtime or type. */
  all: Set<string>;
  /** The names `import()` yields at runtime. */
  runtime: Set<string>;
}

/** Compares a page's table with a package's exports; returns one message per difference (empty when equal). */
function compareExports(
  rows: DocumentedExport[],
  actual: ActualExports,
  operations: readonly Operation[],
  page = 'page',
): string[] {
  const problems: string[] = [];
  const documented = new Map<string, DocumentedExport>();
  for (const row of rows) {
    for (const name of expandRow(row, operations, page)) {
      if (documented.has(name)) problems.push(`${page}:${row.line}: ${name} is listed twice`);
      documented.set(name, row);
    }
  }
  for (const [name, row] of documented) {
    if (!actual.all.has(name)) {
      problems.push(`${page}:${row.line}: ${name} is documented but the package does not export it`);
      continue;
    }
    const typeOnly = TYPE_ONLY_KINDS.test(row.kind);
    if (typeOnly && actual.runtime.has(name)) {
      problems.push(`${page}:${row.line}: ${name} is documented as "${row.kind}" but is a runtime export`);
    }
    if (!typeOnly && !actual.runtime.has(name)) {
      problems.push(`${page}:${row.line}: ${name} is documented as "${row.kind}" but exists for TypeScript only`);
    }
  }
  for (const name of [...actual.all].sort()) {
    if (!documented.has(name)) problems.push(`${page}: ${name} is exported but missing from the Exported API table`);
  }
  return problems;
}

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  skipLibCheck: true,
  noEmit: true,
};

/** The declaration file TypeScript itself resolves for `pkg` (the package's `types` entry). */
function declarationEntry(pkg: string): string {
  const resolved = ts.resolveModuleName(pkg, join(__dirname, 'sdk-exports.mts'), compilerOptions, ts.sys);
  const file = resolved.resolvedModule?.resolvedFileName;
  if (!file || !file.endsWith('.d.ts')) {
    throw new Error(`Cannot resolve the declarations of ${pkg}: build the libraries first (node scripts/build-packages.mjs)`);
  }
  return file;
}

/** Exported names of every package at once: one TypeScript program for all entry points. */
function typeExports(pkgs: readonly string[]): Map<string, string[]> {
  const entries = new Map(pkgs.map((pkg) => [pkg, declarationEntry(pkg)]));
  const program = ts.createProgram([...entries.values()], compilerOptions);
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  for (const [pkg, file] of entries) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${file} is not a module`);
    out.set(
      pkg,
      checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.getName()),
    );
  }
  return out;
}

describe('the Exported API table parser and comparison', () => {
  const operations: Operation[] = [
    {operationId: 'getWallet', kind: 'query'},
    {operationId: 'createWallet', kind: 'submission'},
  ];
  const page = [
    '## Exported API',
    '',
    '| Export | Kind | Description |',
    '| --- | --- | --- |',
    '| `SigilClient` | class | The client. |',
    '| `Stamper` | interface | `stamp(body: string): Promise<StampResult \\| undefined>` |',
    '| `<Query>Request`, `<Query>Response` | type | Per query. |',
    '| `<Submission>Parameters` | type | Per submission. |',
    '',
    '## Next steps',
    '| `NotInTheSection` | class | Ignored: after the section. |',
  ].join('\n');
  const actual: ActualExports = {
    runtime: new Set(['SigilClient']),
    all: new Set(['SigilClient', 'Stamper', 'GetWalletRequest', 'GetWalletResponse', 'CreateWalletParameters']),
  };

  it('reads names, kinds and escaped pipes, and expands operation patterns', () => {
    const rows = parseExportTable(page);
    expect(rows.map((r) => r.name)).toEqual([
      'SigilClient',
      'Stamper',
      '<Query>Request',
      '<Query>Response',
      '<Submission>Parameters',
    ]);
    expect(compareExports(rows, actual, operations)).toEqual([]);
  });

  it('reports a name documented but not exported, and one exported but not documented', () => {
    const drifted = page.replace('`Stamper`', '`Stamp`');
    expect(compareExports(parseExportTable(drifted), actual, operations)).toEqual([
      'page:6: Stamp is documented but the package does not export it',
      'page: Stamper is exported but missing from the Exported API table',
    ]);
  });

  it('reports a pattern that expands to names the package lacks', () => {
    const fewer: ActualExports = {runtime: actual.runtime, all: new Set([...actual.all].filter((n) => n !== 'GetWalletResponse'))};
    expect(compareExports(parseExportTable(page), fewer, operations)).toEqual([
      'page:7: GetWalletResponse is documented but the package does not export it',
    ]);
  });

  it('reports a wrong kind in either direction', () => {
    const wrong = page.replace('| `SigilClient` | class |', '| `SigilClient` | type |').replace('| `Stamper` | interface |', '| `Stamper` | function |');
    expect(compareExports(parseExportTable(wrong), actual, operations)).toEqual([
      'page:5: SigilClient is documented as "type" but is a runtime export',
      'page:6: Stamper is documented as "function" but exists for TypeScript only',
    ]);
  });

  it('rejects a page without the section, and a first cell that is not a name', () => {
    expect(() => parseExportTable('# Title\n', 'x.mdx')).toThrow('x.mdx has no "Exported API" heading');
    const bad = parseExportTable(page.replace('`SigilClient`', '`new SigilClient()`'));
    expect(() => compareExports(bad, actual, operations)).toThrow('"new SigilClient()" is neither an export name');
  });
});

describe('every SDK page documents exactly what its package exports', async () => {
  const types = typeExports(SDK_PAGES.map((p) => p.pkg));
  const http = (await import('@sigil/http')) as {SIGIL_OPERATIONS: readonly Operation[]};

  for (const entry of SDK_PAGES) {
    const {page, pkg} = entry;
    const heading = 'heading' in entry ? entry.heading : undefined;
    it(`${page} ↔ ${pkg}`, async () => {
      const runtime = new Set(Object.keys((await import(pkg)) as object));
      const all = new Set([...runtime, ...(types.get(pkg) ?? [])]);
      const rows = parseExportTable(readFileSync(join(docs, page), 'utf8'), `docs/${page}`, heading);
      const problems = compareExports(rows, {all, runtime}, http.SIGIL_OPERATIONS, `docs/${page}`);
      expect(problems, `${page} and ${pkg} disagree:\n  ${problems.join('\n  ')}`).toEqual([]);
    });
  }
});
