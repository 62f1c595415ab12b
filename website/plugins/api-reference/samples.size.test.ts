/**
 * The weight the code samples add to an operation page's HTML, measured without a site build: each sample
 * highlighted as the build does (tokenizeCode) and written as the theme's code block markup (linesHtml),
 * gzipped together as the page's HTML is. tests/e2e/quality-budgets.spec.ts holds the built page to
 * BUDGET.html (100 KB gzipped); the samples may take a fixed share of it.
 */
import {gzipSync} from 'node:zlib';
import {themes} from 'prism-react-renderer';
import {describe, expect, it} from 'vitest';
import {tokenizeCode} from '../highlight/tokenize';
import {linesHtml} from '../../src/highlight/html';
import {themeDict, type PrismTheme} from '../../src/highlight/theme';
import {loadModel} from './test-helpers';
import type {CodeSamples} from './types';

/** The share of BUDGET.html (100 KB gzipped) the samples of one operation may take. */
const SAMPLES_BUDGET = 16 * 1024;

const PRISM: Record<keyof Omit<CodeSamples, 'tokens' | 'organizationId'>, string> = {
  typescript: 'ts',
  curl: 'bash',
  cli: 'bash',
  python: 'python',
  go: 'go',
  ruby: 'ruby',
  rust: 'rust',
};

function sampleHtml(code: string, language: string): string {
  const lines = tokenizeCode(code, language);
  const dict = themeDict(themes.github as PrismTheme, language);
  const classes = {codeLine: 'codeLine_x', codeLineNumber: 'codeLineNumber_x', codeLineContent: 'codeLineContent_x'};
  return `<pre><code>${linesHtml({lines, dict, lineClassNames: {}, showLineNumbers: false, classes})}</code></pre>`;
}

describe('the weight of the code samples in an operation page', () => {
  it(`stays within ${SAMPLES_BUDGET / 1024} KB gzipped for the heaviest operation, all seven languages together`, () => {
    const weights = loadModel().operations.map((page) => {
      const html = (Object.keys(PRISM) as (keyof typeof PRISM)[]).map((key) => sampleHtml(page.samples[key], PRISM[key]));
      const sdkOnly = sampleHtml(page.samples.go, 'go') + sampleHtml(page.samples.ruby, 'ruby') + sampleHtml(page.samples.rust, 'rust');
      return {name: page.name, all: gzipSync(html.join('')).length, raw: html.join('').length, sdk: gzipSync(sdkOnly).length};
    });
    const heaviest = [...weights].sort((a, b) => b.all - a.all)[0]!;
    console.log(
      `heaviest samples: ${heaviest.name}, ${(heaviest.all / 1024).toFixed(1)} KB gzipped (${(heaviest.raw / 1024).toFixed(0)} KB raw), ` +
        `of which Go, Ruby and Rust alone ${(heaviest.sdk / 1024).toFixed(1)} KB`,
    );
    // The measure can fail: a large sample set is heavier than a small one.
    expect(heaviest.all).toBeGreaterThan(Math.min(...weights.map((w) => w.all)));
    expect(heaviest.all).toBeLessThan(SAMPLES_BUDGET);
  }, 60_000);
});
