import {highlightCodeBlock} from '../highlight/tokenize';
import type {OperationPageData, SchemaPageData} from './types';

const tokensOf = (code: string, language: string): string => highlightCodeBlock({code, language});

/**
 * Highlights the reference's code at build time, as fenced blocks are: the
 * examples and samples get their tokens, so API pages load no highlighter.
 */
export function highlightPages(operations: OperationPageData[], schemas: SchemaPageData[]): void {
  for (const page of operations) {
    for (const example of [page.requestExample, ...page.responseExamples]) example.tokens = tokensOf(example.json, 'json');
    const {curl, typescript, cli, python, go, ruby, rust} = page.samples;
    page.samples.tokens = {
      curl: tokensOf(curl, 'bash'),
      typescript: tokensOf(typescript, 'ts'),
      cli: tokensOf(cli, 'bash'),
      python: tokensOf(python, 'python'),
      go: tokensOf(go, 'go'),
      ruby: tokensOf(ruby, 'ruby'),
      rust: tokensOf(rust, 'rust'),
    };
  }
  for (const page of schemas) if (page.example !== undefined) page.exampleTokens = tokensOf(page.example, 'json');
}
