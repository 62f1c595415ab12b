// The files `sigil mcp` answers from, written into dist/mcp-data/ by scripts/gather-mcp-data.ts at build time.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from '../errors.js';
import type { OpenApiDocument } from './openapi.js';

export interface DocPage {
  /** Site path, e.g. `/features/sessions`. */
  path: string;
  title: string;
  description: string;
  keywords: string[];
  /** Repository file the page comes from. */
  source: string;
  markdown: string;
}

export interface OperationSamples {
  typescript: string;
  curl: string;
}

export interface McpData {
  pages: DocPage[];
  document: OpenApiDocument;
  /** Keyed by the operation's API name (`create_wallet`). */
  samples: Record<string, OperationSamples>;
}

/** dist/mcp-data beside the compiled dist/mcp/ this module runs from. */
export const DATA_DIRECTORY = join(dirname(fileURLToPath(import.meta.url)), '..', 'mcp-data');

export function loadData(directory: string = DATA_DIRECTORY): McpData {
  const read = <T>(name: string): T => {
    const path = join(directory, name);
    if (!existsSync(path)) {
      throw new CliError(`${path} is missing: build the CLI with \`npm run build -w @sigil/cli\` (it gathers the docs and the API document)`);
    }
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  };
  return { pages: read<DocPage[]>('docs.json'), document: read<OpenApiDocument>('openapi.json'), samples: read<Record<string, OperationSamples>>('samples.json') };
}
