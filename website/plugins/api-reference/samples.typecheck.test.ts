import {execFile} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {loadModel} from './test-helpers';

const repo = path.resolve(__dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'api-reference-samples-'));
afterAll(() => rmSync(work, {recursive: true, force: true}));

function tsc(project: string): Promise<{failed: boolean; output: string}> {
  const bin = createRequire(path.join(repo, 'package.json')).resolve('typescript/bin/tsc');
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, '-p', project, '--pretty', 'false'], {cwd: work, maxBuffer: 32 << 20}, (error, stdout, stderr) =>
      resolve({failed: Boolean(error), output: stdout + stderr}),
    );
  });
}

describe('TypeScript code samples', () => {
  it(
    'type-check against the workspace packages (@sigil/http, @sigil/api-key-stamper)',
    async () => {
      const files: string[] = [];
      for (const op of loadModel().operations) {
        const file = `${op.operationId}.ts`;
        writeFileSync(path.join(work, file), op.samples.typescript);
        files.push(file);
      }
      // A control sample that must fail, so a silently broken check cannot pass.
      writeFileSync(
        path.join(work, 'control.ts'),
        "import { SigilClient } from '@sigil/http';\ndeclare const client: SigilClient;\nawait client.createWallet({ walletName: 1 });\n",
      );
      files.push('control.ts');
      writeFileSync(
        path.join(work, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            target: 'ES2022',
            module: 'ESNext',
            moduleResolution: 'Bundler',
            lib: ['ES2022', 'DOM'],
            strict: true,
            noUncheckedIndexedAccess: true,
            noEmit: true,
            skipLibCheck: true,
            isolatedModules: true,
            types: ['node'],
            typeRoots: [path.join(repo, 'node_modules/@types')],
            baseUrl: '.',
            // Resolve the packages as a reader's project would after `npm install @sigil/http`.
            paths: {'@sigil/*': [path.join(repo, 'node_modules/@sigil/*')]},
          },
          files,
        }),
      );
      const {output} = await tsc(path.join(work, 'tsconfig.json'));
      const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
      const fromSamples = errors.filter((line) => !line.startsWith('control.ts'));
      expect(fromSamples, fromSamples.join('\n')).toEqual([]);
      expect(errors.some((line) => line.startsWith('control.ts'))).toBe(true);
    },
    120_000,
  );
});
