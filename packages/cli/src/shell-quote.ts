const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quotes one argument for POSIX shells: single quotes, with embedded `'` written as `'\''`. */
export function shellQuote(arg: string): string {
  if (arg !== '' && SAFE.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Renders a command line one argument group per line, joined with ` \` continuations. */
export function formatCommand(groups: string[][]): string {
  return groups.map((group) => group.map(shellQuote).join(' ')).join(' \\\n  ');
}
