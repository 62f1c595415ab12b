import {useMemo, type ReactNode} from 'react';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import type {WrapperProps} from '@docusaurus/types';
import {DocsVersionProvider, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import {CARD_DOCS_PROP, withDocs, type VersionDocs} from '@site/plugins/client-data/version-data';

type Props = WrapperProps<typeof DocCategoryGeneratedIndexPageType> & {[CARD_DOCS_PROP]?: VersionDocs};

/**
 * In the browser the docs version data has no doc entries (with their
 * descriptions they cost every docs page about 3 KB of script,
 * plugins/client-data): a generated index page brings the entries of its own
 * cards in its route props and provides them here to the theme's cards,
 * which look them up in the version data (`useDocById`). A wrapper, not an
 * ejected page: the page and its cards stay the theme's own. On the server,
 * the version data is whole and nothing is added.
 */
export default function DocCategoryGeneratedIndexPageWrapper({[CARD_DOCS_PROP]: docs, ...props}: Props): ReactNode {
  const version = useDocsVersion();
  const completed = useMemo(() => withDocs(version, docs), [version, docs]);
  return (
    <DocsVersionProvider version={completed}>
      <DocCategoryGeneratedIndexPage {...props} />
    </DocsVersionProvider>
  );
}
