import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

/**
 * What each built script holds, by URL path: the packages of its modules
 * (`site` for the site's own code, `docusaurus` for generated modules) and the
 * site's own source files in it (relative to website/).
 */
export type ChunkManifest = Record<string, {packages: string[]; sources: string[]}>;

/** Mermaid and every package it depends on, directly or not (from the installed package.json files). */
export function mermaidPackages(fromDir: string = __dirname): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string, from: string) => {
    if (seen.has(name)) return;
    const manifestPath = installedManifest(name, from);
    if (!manifestPath) return; // an optional dependency that is not installed
    seen.add(name);
    const pkg = JSON.parse(readFileSync(manifestPath, 'utf8')) as {dependencies?: Record<string, string>};
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, path.dirname(manifestPath));
  };
  visit('mermaid', fromDir);
  return seen;
}

/** Node's lookup, by folders rather than require.resolve (packages' `exports` often hide package.json). */
function installedManifest(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A module-path test matching the packages given (for a bundler cache group). */
export function modulesOf(packages: Iterable<string>): RegExp {
  const names = [...packages].map((p) => escape(p).replace('/', '[\\\\/]'));
  return new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
}

/** The package a module belongs to, from its path as the bundler reports it. */
export function packageOf(moduleName: string): string {
  const inModules = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleName.split('!').pop() ?? '');
  if (inModules) return inModules[1]!.replace(/\\/g, '/');
  if (/(^|[\\/(])\.docusaurus/.test(moduleName)) return 'docusaurus';
  return 'site';
}

/** The site's own source file of a module (`src/x.tsx`), or undefined for packages and generated code. */
export function sourceOf(moduleName: string): string | undefined {
  const name = (moduleName.split('!').pop() ?? '').replace(/\?.*$/, '').replace(/ \+ \d+ modules?$/, '');
  if (packageOf(name) !== 'site' || !name.startsWith('./')) return undefined;
  return name.slice(2);
}

/** The site's own source files among a chunk's modules, sorted. */
export function sourcesOf(moduleNames: readonly string[]): string[] {
  return [...new Set(moduleNames.map(sourceOf).filter((s): s is string => s !== undefined))].sort();
}

/** The distinct packages of a chunk's modules, sorted. */
export function packagesOf(moduleNames: readonly string[]): string[] {
  return [...new Set(moduleNames.filter((n) => n !== '').map(packageOf))].sort();
}

/** A script holding only Mermaid and its dependencies: the diagram renderer, which only pages with diagrams load. */
export function isMermaidChunk(packages: readonly string[], mermaid: ReadonlySet<string>): boolean {
  return packages.includes('mermaid') || (packages.length > 0 && packages.every((p) => mermaid.has(p)));
}

/** A script with Mermaid's own code in it: none should exist, diagrams are drawn at build time (plugins/diagrams). */
export function holdsMermaid(packages: readonly string[]): boolean {
  return packages.some((p) => p === 'mermaid' || p.startsWith('@mermaid-js/'));
}
