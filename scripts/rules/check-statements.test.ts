// The check as CI runs it, on two small folders of pages: one where every statement is backed, one where one is not.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const script = new URL('./check-statements.mjs', import.meta.url).pathname;
const run = (dir: string) => spawnSync(process.execPath, [script, '--no-scenarios', '--dir', `scripts/rules/fixtures/${dir}`], { encoding: 'utf8' });
const limits = JSON.parse(readFileSync(new URL('../../packages/api-spec/dist/openapi.json', import.meta.url), 'utf8'))['x-limits'].length;

describe('check-statements.mjs', () => {
  it('passes pages whose statements cite a rule or come from the document, and counts each', () => {
    const result = run('cited');
    expect(result.status).toBe(0);
    // One cited code statement; the policy limit and every limit <ResourceLimits /> renders come from the document.
    expect(result.stdout).toMatch(new RegExp(`^rules: \\d+ rules, \\d+ scenarios passed; statements: ${2 + limits} found, 1 cite a rule, ${1 + limits} from the document$`, 'm'));
  });

  it('fails on a statement that cites nothing, naming the page, the line and the kind', () => {
    const result = run('uncited');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('scripts/rules/fixtures/uncited/page.mdx:7: permission statement cites no rule');
    expect(result.stdout).toMatch(/statements: 2 found, 1 cite a rule, 0 from the document/);
  });
});
