// Browser blocks marked `render="<Component />"`: React components, mounted with React DOM in the unit's tab. The
// block is bundled (one esbuild bundle per block) with an entry that imports it and the unit's earlier render blocks
// (so a provider of one block can wrap a component of another), and resolves `./name` imports to the blocks of the
// same `project` by title. The marker's value is JSX, compiled with the block; its scope holds the block's exports, the
// earlier render blocks' exports, the signed-in user's values (browser.mjs) and the session's values. Once mounted,
// `screen` (render-harness.mjs) lets a `call` act as the user and read what the components show.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY } from '@sigil/emulator';
import { parseMeta } from './execute.mjs';
import { CALL_SCOPE, exportedNames } from './browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const HARNESS = readFileSync(new URL('./render-harness.mjs', import.meta.url), 'utf8');

/**
 * The public build-time variables a reader's bundler (Next.js, Vite) inlines into client code, as the checker's app
 * sets them: the enclave quorum key the import examples pin is the emulator's.
 */
export const PUBLIC_ENV = {
  NEXT_PUBLIC_SIGIL_ENCLAVE_QUORUM_KEYS: EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY,
};

/** The title a block's file would have in a project (`title="App.tsx"`), without folders and extension. */
const moduleName = (meta) => {
  const title = parseMeta(meta).first('title')?.value;
  return title ? title.replace(/^.*\//, '').replace(/\.(tsx?|jsx?)$/, '') : undefined;
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The tab's memory of the unit's render blocks, in order. `entry(block, source, values)` returns what to bundle for
 * `block`: `{ contents, plugins, define, exports }`, the entry's source, the esbuild plugin of its virtual modules,
 * the inlined variables, and the names a `call` finds (the block's exports and `screen`).
 */
export function renderBlocks() {
  /** Earlier render blocks: `{ name, source }` (name from the title, for `./name` imports). */
  const earlier = [];

  function entry(block, source, values) {
    const own = exportedNames(source);
    // React DOM's development build asks for its DevTools on the console, which is the block's output; a disabled hook
    // (React's own switch for it) keeps that line out.
    const modules = new Map([['doctest-render-quiet', 'window.__REACT_DEVTOOLS_GLOBAL_HOOK__ ??= { isDisabled: true };\n'], ['doctest-render-harness', HARNESS], ['doctest-block:self', `${source}\nexport {};\n`]]);
    earlier.forEach((b, i) => modules.set(`doctest-block:${i}`, `${b.source}\nexport {};\n`));
    // An earlier block's export is in scope unless this block exports the same name (the later one wins, as it would
    // in the reader's file that imports both).
    const inScope = new Set(own);
    const imports = [];
    earlier.forEach((b, i) => {
      const names = exportedNames(b.source).filter((n) => !inScope.has(n));
      names.forEach((n) => inScope.add(n));
      if (names.length) imports.push(`import { ${names.join(', ')} } from 'doctest-block:${i}';`);
    });
    // The signed-in user's values (the clients of CALL_SCOPE are for `call`, not for the JSX).
    const fixtures = CALL_SCOPE.filter((n) => !['client', 'sessionClient', 'openEmailLink'].includes(n) && !inScope.has(n));
    const sessionValues = Object.fromEntries(Object.entries(values).filter(([n, v]) => IDENTIFIER.test(n) && typeof v === 'string' && !inScope.has(n) && !fixtures.includes(n) && n !== 'screen'));
    const contents = `import 'doctest-render-quiet';
import { createElement as h } from 'react';
import { mount, screen } from 'doctest-render-harness';
${imports.join('\n')}
import { ${own.join(', ')} } from 'doctest-block:self';
export * from 'doctest-block:self';
export { screen };
const { ${fixtures.join(', ')} } = window.doctestFixtures;
const { ${Object.keys(sessionValues).join(', ')} } = ${JSON.stringify(sessionValues)};
await mount(() => (${block.spec.render}));
`;
    earlier.push({ name: moduleName(block.meta), source });
    const plugins = [
      {
        name: 'doctest-render',
        setup(build) {
          build.onResolve({ filter: /^doctest-(render-quiet|render-harness|block:.*)$/ }, (args) => ({ path: args.path, namespace: 'doctest' }));
          // `./sigil-react` in a project block: the block of that title, rendered earlier in the unit.
          build.onResolve({ filter: /^\.\/[^/]+$/ }, (args) => {
            if (args.namespace !== 'doctest') return undefined;
            const name = args.path.slice(2).replace(/\.(tsx?|jsx?)$/, '');
            const index = earlier.findIndex((b) => b.name === name);
            if (index < 0) return { errors: [{ text: `${args.path}: no earlier block of this session is titled ${name}.ts or ${name}.tsx` }] };
            return { path: index === earlier.length - 1 ? 'doctest-block:self' : `doctest-block:${index}`, namespace: 'doctest' };
          });
          // A stylesheet the block imports (the kit's styles.css) is added to the tab's head, as a bundler's CSS would be.
          build.onLoad({ filter: /\.css$/ }, (args) => ({ contents: `const style = document.createElement('style');\nstyle.textContent = ${JSON.stringify(readFileSync(args.path, 'utf8'))};\ndocument.head.append(style);\n`, loader: 'js' }));
          build.onLoad({ filter: /.*/, namespace: 'doctest' }, (args) => ({ contents: modules.get(args.path), loader: args.path.startsWith('doctest-render-') ? 'js' : 'tsx', resolveDir: root }));
        },
      },
    ];
    const define = Object.fromEntries(Object.entries(PUBLIC_ENV).map(([n, v]) => [`process.env.${n}`, JSON.stringify(v)]));
    return { contents, plugins, define, exports: [...own, 'screen'] };
  }

  return { entry };
}
