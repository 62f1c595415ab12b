import type {SectionName} from './types';

/**
 * Which section of the site a path belongs to, by URL prefix. The indexer
 * tags every page with it (Pagefind filter `section`) and the hosted engine
 * filters with it, so both engines agree on the five section filters.
 */
const prefixes: [string, SectionName][] = [
  ['/sdks', 'SDKs'],
  ['/category/advanced', 'SDKs'],
  ['/category/web3-libraries', 'SDKs'],
  ['/embedded-wallets', 'Solutions'],
  ['/signing-automation', 'Solutions'],
  ['/reference', 'Solutions'],
  ['/category/code-examples', 'Solutions'],
  ['/category/code-examples-1', 'Solutions'],
  ['/api', 'API reference'],
  ['/changelog', 'Changelog'],
];

export function sectionForPath(path: string): SectionName {
  const clean = path.replace(/[?#].*$/, '');
  for (const [prefix, section] of prefixes) {
    // Whole segments only: `/api-overview` is documentation, not the API reference.
    if (clean === prefix || clean.startsWith(`${prefix}/`)) return section;
  }
  return 'Documentation';
}
