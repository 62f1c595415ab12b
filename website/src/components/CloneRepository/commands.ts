/**
 * The shell lines that clone the documentation's repository and install its dependencies. The address is
 * whatever the site is configured with (SIGIL_REPOSITORY_URL, see brand.ts), so a fork or a mirror shows its own.
 */
export function cloneCommands(repositoryUrl: string, folder: string): string {
  const url = repositoryUrl.trim().replace(/\/+$/, '');
  if (url === '') throw new Error('cloneCommands: the repository URL is empty; set SIGIL_REPOSITORY_URL or brand.repositoryUrl');
  return [`git clone ${url} ${folder}`, `cd ${folder}`, 'npm ci'].join('\n');
}
