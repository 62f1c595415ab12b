/**
 * Docusaurus's chunk registry (`.docusaurus/registry.js`) has one entry per
 * route module: `[loader, modulePath, require.resolveWeak(modulePath)]`.
 * ComponentCreator hands `modulePath` to react-loadable's `modules` option,
 * which only `Loadable.Capture` reads, and Capture exists only in the server
 * render. In the browser the ~600 path strings (absolute paths of the build
 * machine among them) are dead weight in every page's main.js, so the client
 * compilation gets `0` in their place; the entry keeps its shape (the code
 * reads it by index).
 */

// One entry exactly as `genRegistry` (@docusaurus/core, server/codegen/codegenRoutes.js) writes it. The
// backreference makes sure the element replaced is the same path the entry imports, not something else.
const ENTRY = /(\[\(\) => import\(\/\* webpackChunkName: "[^"]*" \*\/ ("(?:[^"\\]|\\.)*")\)), \2, (require\.resolveWeak\(\2\)\])/g;
// Every entry line of the file, whatever its form: the count the rewrite must reach.
const ENTRY_LINE = /^ {2}"[^"]+": \[/gm;

export class RegistryFormatError extends Error {}

/** The registry's source with each entry's module path replaced by `0`; throws when an entry is not in the expected form. */
export function withoutModulePaths(source: string): string {
  const entries = source.match(ENTRY_LINE)?.length ?? 0;
  let rewritten = 0;
  const output = source.replace(ENTRY, (_whole, loader: string, _path: string, weak: string) => {
    rewritten += 1;
    return `${loader}, 0, ${weak}`;
  });
  if (rewritten !== entries) {
    // A new Docusaurus writes the registry differently: fail the build rather than ship the paths unnoticed.
    throw new RegistryFormatError(`client-data: rewrote ${rewritten} of ${entries} registry entries; the format of .docusaurus/registry.js changed`);
  }
  return output;
}
