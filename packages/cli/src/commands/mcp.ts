// `sigil mcp`: the Model Context Protocol server over stdio, for AI coding assistants.
import { UsageError } from '../errors.js';
import type { Io } from '../io.js';
import { parseOptions } from '../options.js';

export const MCP_USAGE = `Usage: sigil mcp [--allow-remote] [--key <file>] [--organization <id>] [--base-url <url>]

Runs an MCP (Model Context Protocol) server on stdin/stdout for AI coding assistants. Its tools search and
read the Sigil docs (search_docs, read_doc), describe API operations (describe_operation), explain errors
(explain_error), all offline from files shipped with the CLI, and send stamped calls to the emulator (call_api).

Options:
  --allow-remote          let call_api reach a base URL that is not loopback (localhost, 127.0.0.1, ::1);
                          without it, call_api refuses any target but a local emulator
  --key <file>            API key file for call_api (default: $SIGIL_API_KEY_FILE, else the key file
                          \`sigil emulator start\` writes in this directory)
  --organization <id>     organization for call_api (default: $SIGIL_ORGANIZATION_ID, else the key file's)
  --base-url <url>        API base URL for call_api (default: $SIGIL_BASE_URL, else the key file's)
  -h, --help              this help

See the "AI assistants" page of the docs for each assistant's configuration.`;

export async function mcpCommand(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseOptions(
    'sigil mcp',
    args,
    {
      'allow-remote': { type: 'boolean' },
      key: { type: 'string' },
      organization: { type: 'string' },
      'base-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    io.stdout(MCP_USAGE);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`sigil mcp takes no argument (got "${positionals[0]}"); run \`sigil mcp --help\``);
  // Loaded here, not at the top: every other sigil command would pay for the MCP SDK's import otherwise.
  const [{ StdioServerTransport }, { loadData }, { createMcpServer }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('../mcp/data.js'),
    import('../mcp/server.js'),
  ]);
  const data = loadData();
  // stdout carries the protocol: anything else the server prints goes to stderr.
  const quietIo: Io = { ...io, stdout: io.stderr };
  const server = createMcpServer({
    data,
    callApi: {
      profile: { key: values.key, organization: values.organization, 'base-url': values['base-url'] },
      allowRemote: values['allow-remote'] === true,
      io: quietIo,
    },
  });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  io.stderr(`sigil mcp: serving on stdio${values['allow-remote'] === true ? ' (call_api may reach remote hosts: --allow-remote)' : ''}; it stops when its input closes`);
  await closed;
  await server.close();
  return 0;
}
