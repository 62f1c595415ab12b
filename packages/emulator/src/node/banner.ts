// The text printed when the emulator starts: where it listens, who you are, how to call it, and what it is not.
import { isRootAccess, type RootAccess, type UnmatchedOrganizations } from './root-access.js';

export const DEVELOPMENT_WARNING =
  'This is a development tool. The keys it holds live in ordinary process memory and files, with none of the ' +
  "protection the platform's enclaves give keys: never use it with real funds, production keys or personal data.";

const SAFE_ARGUMENT = /^[A-Za-z0-9_@%+=:,./-]+$/;
const quote = (argument: string): string => (SAFE_ARGUMENT.test(argument) ? argument : `'${argument.replace(/'/g, `'\\''`)}'`);

export interface BannerInput {
  url: string;
  access: RootAccess | UnmatchedOrganizations;
  /** Absolute path of the data directory, or undefined for an in-memory state. */
  dataDir: string | undefined;
  importedFrom: string | undefined;
  exportFile: string | undefined;
  /** How to run the CLI in the example, e.g. `sigil` or `node packages/cli/dist/bin.js`. */
  cliCommand: string;
  /** get_activity reads a new activity stays PENDING for; 0 or absent: not mentioned. */
  pendingPolls?: number;
  /** The iframe stamper's frame pages, when served. */
  frames?: { authUrl: string; exportUrl: string };
}

export function formatBanner(input: BannerInput): string {
  const lines = [`Sigil emulator listening on ${input.url}`, ''];
  const { access } = input;
  if (isRootAccess(access)) {
    lines.push(
      `  Organization   ${access.organizationName} (${access.organizationId})${access.created ? ', created now' : ''}`,
      `  Root user      ${access.userName} (${access.userId})`,
      `  API key file   ${access.keyFile} (public key ${access.publicKey})`,
    );
  } else {
    for (const organization of access.organizations) {
      lines.push(`  Organization   ${organization.organizationName} (${organization.organizationId}), root users ${organization.rootUserIds.join(', ') || 'none'}`);
    }
    lines.push(`  API key file   none usable: ${access.reason}; stamp requests with a key of one of these users`);
  }
  lines.push(`  State          ${input.dataDir ? `kept in ${input.dataDir}` : 'in memory, gone when the emulator stops (keep it with --data DIR)'}`);
  if (input.importedFrom) lines.push(`  Imported from  ${input.importedFrom}`);
  if (input.exportFile) lines.push(`  Export         written to ${input.exportFile} when the emulator stops`);
  if (input.pendingPolls) {
    const reads = `${input.pendingPolls} get_activity read${input.pendingPolls === 1 ? '' : 's'}`;
    lines.push(`  Activities     new ones stay in ACTIVITY_STATUS_PENDING for ${reads} before they run`);
  }
  if (input.frames) {
    lines.push(`  Sign-in frame  ${input.frames.authUrl} (IframeStamper iframeUrl for credentials)`);
    lines.push(`  Export frame   ${input.frames.exportUrl} (IframeStamper iframeUrl for exports)`);
  }
  if (isRootAccess(access)) {
    const body = JSON.stringify({ organizationId: access.organizationId });
    lines.push(
      '',
      'Try it:',
      `  ${input.cliCommand} request --base-url ${quote(input.url)} --key ${quote(access.keyFile)} --path /public/v1/query/whoami --body ${quote(body)}`,
    );
  }
  lines.push('', DEVELOPMENT_WARNING);
  return lines.join('\n');
}
