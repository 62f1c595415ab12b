import type {ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';

/**
 * Links to the "API summary" section of a library's README in the repository: every export with its
 * signature, generated from the library's types by scripts/api-summary.mjs. The repository's address
 * is configurable (SIGIL_REPOSITORY_URL), so it comes from the site config rather than the page.
 */
export default function PackageApiSummary({pkg}: {pkg: string}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const repositoryUrl = String(siteConfig.customFields?.repositoryUrl ?? '');
  return (
    <p>
      Every export with its full signature, generated from the package's types:{' '}
      <a href={`${repositoryUrl}/blob/main/packages/${pkg}/README.md#api-summary`}>
        API summary of <code>@sigil/{pkg}</code>
      </a>
      .
    </p>
  );
}
