// Test-only: the four React blocks of the kit's reference page, as written, bundled into one app for Chromium. The
// page's provider block, sign-in block, export block and import block are composed the way a reader would compose
// them: the provider around the others, the export and import shown once the sign-in reported the user.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const PAGE = fileURLToPath(new URL('../../../website/docs/reference/embedded-wallet-kit.mdx', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The page's ```tsx blocks, in page order. */
export function pageBlocks(): string[] {
  const text = readFileSync(PAGE, 'utf8');
  return [...text.matchAll(/^```tsx[^\n]*\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

const APP = `
import {createElement as h, useState} from 'react';
import {createRoot} from 'react-dom/client';
import {WalletProviders} from './block-0.tsx';
import {SignIn} from './block-1.tsx';
import {ExportWallet} from './block-2.tsx';
import {ImportWallet} from './block-3.tsx';

let show;
function App() {
  const [ids, setIds] = useState(undefined);
  show = setIds;
  return h(WalletProviders, null, h(SignIn), ids && h(ExportWallet, {walletId: ids.walletId}), ids && h(ImportWallet, {userId: ids.userId}));
}
createRoot(document.body.appendChild(document.createElement('div'))).render(h(App));
window.showWallet = (ids) => show(ids);
`;

function inMemory(files: Record<string, string>): Plugin {
  return {
    name: 'page-blocks',
    setup(b) {
      b.onResolve({ filter: /^\.\/(app|block-\d)\.tsx$/ }, (args) => ({ path: args.path, namespace: 'page-blocks' }));
      b.onLoad({ filter: /.*/, namespace: 'page-blocks' }, (args) => ({ contents: files[args.path]!, loader: 'tsx', resolveDir: ROOT }));
    },
  };
}

/** The app as one script and one stylesheet (the provider block imports the kit's styles.css). */
export async function bundlePageBlocks(enclaveQuorumKeys: string): Promise<{ js: string; css: string }> {
  const blocks = pageBlocks();
  if (blocks.length !== 4) throw new Error(`the reference page has ${blocks.length} tsx blocks, not the 4 this test composes`);
  const files: Record<string, string> = { './app.tsx': APP };
  blocks.forEach((code, index) => {
    files[`./block-${index}.tsx`] = code;
  });
  const result = await build({
    entryPoints: ['./app.tsx'],
    plugins: [inMemory(files)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    outdir: '/out',
    logLevel: 'silent',
    // What a Next.js build does with the import block's public variable.
    define: { 'process.env.NEXT_PUBLIC_SIGIL_ENCLAVE_QUORUM_KEYS': JSON.stringify(enclaveQuorumKeys) },
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  return { js, css };
}
