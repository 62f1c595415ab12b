// The `sigil mcp` server: five tools, a resource for the API document and for every page, and a prompt that walks
// through the quickstart, all answered from the files in dist/mcp-data (no network) except call_api.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { VERSION } from '../version.js';
import { operationMarkdown } from './api-pages.js';
import { ALLOW_REMOTE_FLAG, callApi, type CallApiSettings } from './call-api.js';
import { buildCorpus } from './corpus.js';
import type { McpData } from './data.js';
import { explainError } from './explain-error.js';
import { closest, findOperation, operations } from './openapi.js';
import { findPage, pagePath, sectionOf } from './read-doc.js';

export const TOOL_NAMES = ['search_docs', 'read_doc', 'describe_operation', 'call_api', 'explain_error'] as const;
export const OPENAPI_URI = 'sigil://openapi.json';
export const pageUri = (path: string): string => `sigil://docs${path === '/' ? '/' : path}`;

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const json = (value: unknown, isError = false): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }], ...(isError ? { isError } : {}) });
const failure = (message: string): CallToolResult => ({ content: [{ type: 'text', text: message }], isError: true });

/** Runs a tool body; an error becomes a tool error the assistant reads, never a crash of the server. */
async function guarded(body: () => Promise<CallToolResult> | CallToolResult): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    return failure(error instanceof Error ? error.message : String(error));
  }
}

export interface ServerOptions {
  data: McpData;
  callApi: CallApiSettings;
}

export function createMcpServer({ data, callApi: callSettings }: ServerOptions): McpServer {
  const corpus = buildCorpus(data);
  const doc = data.document;
  const server = new McpServer(
    { name: 'sigil', title: 'Sigil docs and API', version: VERSION },
    {
      instructions:
        'Sigil documentation, the Sigil API document and the local Sigil emulator. Search and read the docs with search_docs and read_doc; ' +
        'look up an operation\'s exact fields, errors and samples with describe_operation before writing code; try a call against the ' +
        'emulator with call_api; explain an error code or body with explain_error.',
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: 'Search the Sigil docs',
      description:
        'Search the Sigil documentation (guides, SDK pages, changelog) and the API reference (one page per operation and schema). ' +
        'Takes words, an operation name (create_wallet, createWallet), a schema or enum value, or an error code name. Returns ranked pages, ' +
        'each with its path (pass it to read_doc), title, kind (guide, operation, schema), headings and a short excerpt. Works offline.',
      inputSchema: {
        query: z.string().trim().min(1, 'query must not be empty').max(200).describe('What to look for, e.g. "create wallet", "sign_raw_payload", "PERMISSION_DENIED", "sessions".'),
        limit: z.number().int().min(1).max(20).default(5).describe('How many pages to return (1-20, default 5).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, limit }) =>
      guarded(() => {
        const { hits, correctedQuery } = corpus.search.search(query, limit);
        if (hits.length === 0) return text(`No page matches "${query}". Try other words, an operation name (create_wallet) or a broader term.`);
        return json({ query, ...(correctedQuery ? { correctedQuery } : {}), results: hits.map(({ score: _score, ...hit }) => hit) });
      }),
  );

  server.registerTool(
    'read_doc',
    {
      title: 'Read a Sigil docs page',
      description:
        'Read one page of the Sigil docs or API reference as Markdown, whole or one section. Accepts a path (/features/sessions), ' +
        'a docs URL (https://docs.sigil.example/features/sessions), its Markdown twin (/features/sessions.md) or an API reference path ' +
        '(/api/wallets/create-wallet). A #fragment or the section argument selects one section by heading text or anchor.',
      inputSchema: {
        path: z.string().trim().min(1, 'path must not be empty').max(500).describe('Page path or URL, e.g. "/getting-started/quickstart".'),
        section: z.string().trim().min(1).max(200).optional().describe('A heading of the page ("Prerequisites") or its anchor ("prerequisites"); omit for the whole page.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ path, section }) =>
      guarded(() => {
        const page = findPage(corpus, path);
        const wanted = section ?? pagePath(path).anchor;
        const body = wanted ? sectionOf(page, wanted) : page.markdown;
        return text(`Source: ${page.path}\n\n${body}`);
      }),
  );

  server.registerTool(
    'describe_operation',
    {
      title: 'Describe a Sigil API operation',
      description:
        'Everything about one Sigil API operation, from the API document: method and path, whether it is a query or a submission ' +
        '(and its activity type), every request and response field with its type, enum values, default and limits, its errors, ' +
        'and minimal samples in TypeScript (@sigil/http) and curl, the ones the API reference shows. Name it by API name ' +
        '(create_wallet), SDK method (createWallet), path, title or activity type.',
      inputSchema: {
        operation: z.string().trim().min(1, 'operation must not be empty').max(200).describe('e.g. "create_wallet", "signRawPayload", "/public/v1/query/whoami".'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ operation }) =>
      guarded(() => {
        const found = findOperation(doc, operation);
        if (!found) {
          const names = operations(doc).map((o) => o.name);
          return failure(`No operation "${operation}". Closest: ${closest(operation, names).join(', ')}. search_docs finds operations by what they do.`);
        }
        return text(operationMarkdown(doc, found, data.samples[found.name]));
      }),
  );

  server.registerTool(
    'call_api',
    {
      title: 'Call the Sigil API (emulator)',
      description:
        'Send one Sigil API operation, stamped with the configured API key (the key file of `sigil emulator start`, or --key / ' +
        'SIGIL_API_KEY_FILE), and return the exact request sent and the answer. For a submission, give its parameters (the intent) ' +
        'as body; type, timestampMs and organizationId are filled in, and the call waits until the activity is final. For a query, ' +
        'give its fields; organizationId defaults to the configured one. Only a local emulator is reachable unless the server was ' +
        `started with ${ALLOW_REMOTE_FLAG}. The private key is never shown.`,
      inputSchema: {
        operation: z.string().trim().min(1, 'operation must not be empty').max(200).describe('e.g. "whoami", "create_wallet", "sign_raw_payload".'),
        body: z.record(z.string(), z.unknown()).optional().describe('Request fields (queries) or the intent (submissions), as a JSON object. describe_operation lists them.'),
        wait: z.boolean().default(true).describe('For submissions: wait until the activity is final (default true).'),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    },
    ({ operation, body, wait }) =>
      guarded(async () => {
        const result = await callApi(doc, callSettings, { operation, body, wait });
        return json(result, !result.ok);
      }),
  );

  server.registerTool(
    'explain_error',
    {
      title: 'Explain a Sigil API error',
      description:
        'Explain a Sigil error: give a code (7), a name ("PERMISSION_DENIED"), an HTTP status ("HTTP 429"), an error body ' +
        '({"code": 3, "message": …}) or a failed activity. Returns what it means, its HTTP status, whether to retry a query and a ' +
        'submission (from the API document\'s retry rules), what the named operation says about it, and the pages that cover it.',
      inputSchema: {
        error: z
          .union([z.number().int(), z.string().trim().min(1, 'error must not be empty').max(20_000), z.record(z.string(), z.unknown())])
          .describe('A code, a code name, "HTTP <status>", or the error body (object or JSON text).'),
        operation: z.string().trim().min(1).max(200).optional().describe('The operation that failed, for its own error cases (e.g. "create_wallet").'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ error, operation }) => guarded(() => json(explainError(doc, corpus, error, operation))),
  );

  server.registerResource(
    'openapi',
    OPENAPI_URI,
    { title: 'Sigil API document (OpenAPI 3.1)', description: 'The bundled API document: every operation, field, enum, default, limit and error code.', mimeType: 'application/json' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(doc, null, 2) }] }),
  );
  for (const page of corpus.pages) {
    server.registerResource(
      `page:${page.path}`,
      pageUri(page.path),
      { title: page.title, description: page.description || undefined, mimeType: 'text/markdown' },
      (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] }),
    );
  }

  server.registerPrompt(
    'quickstart',
    {
      title: 'Sigil quickstart',
      description: 'Walk through the Sigil quickstart against the local emulator: check the key, create a wallet, sign a payload, then write the code.',
      argsSchema: { walletName: z.string().max(100).optional().describe('Name of the wallet to create (default "Quickstart").') },
    },
    ({ walletName }) => {
      const quickstart = corpus.byPath.get('/getting-started/quickstart');
      const name = walletName || 'Quickstart';
      return {
        description: 'The Sigil quickstart, step by step, with the sigil MCP tools.',
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: [
                'Walk me through the Sigil quickstart, step by step, using the sigil MCP tools. Explain each step before you run it.',
                '',
                '1. Read the quickstart with read_doc("/getting-started/quickstart") (its text is attached below). If no emulator is running, ask me to run `npx sigil emulator start` in this project directory and wait.',
                '2. Confirm the key works: call_api with operation "whoami" and no body. Show the organization ID and user.',
                `3. Create a wallet: describe_operation("create_wallet") for its fields, then call_api with operation "create_wallet" and body {"walletName": "${name}", "accounts": [{"curve": "CURVE_SECP256K1", "pathFormat": "PATH_FORMAT_BIP32", "path": "m/44'/60'/0'/0/0", "addressFormat": "ADDRESS_FORMAT_ETHEREUM"}]}. Note the address in the result.`,
                '4. Sign a payload: describe_operation("sign_raw_payload"), then call_api with operation "sign_raw_payload", signWith set to that address, a payload and the encoding and hash function the description asks for.',
                '5. If a call fails, run explain_error on its answer and fix the request.',
                '6. Finally, write the same steps as a TypeScript file with @sigil/sdk-server, as the quickstart does, and say how to run it against the emulator.',
              ].join('\n'),
            },
          },
          ...(quickstart
            ? [{ role: 'user' as const, content: { type: 'resource' as const, resource: { uri: pageUri(quickstart.path), mimeType: 'text/markdown', text: quickstart.markdown } } }]
            : []),
        ],
      };
    },
  );
  return server;
}
