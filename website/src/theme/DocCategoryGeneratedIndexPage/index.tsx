import {useMemo, type ReactNode} from 'react';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import type {WrapperProps} from '@docusaurus/types';
import {DocsVersionProvider, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import {CARD_DESCRIPTIONS_PROP, withDescriptions, type DocDescriptions} from '@site/plugins/client-data/descriptions';

type Props = WrapperProps<typeof DocCategoryGeneratedIndexPageType> & {[CARD_DESCRIPTIONS_PROP]?: DocDescriptions};

/**
 * In the browser the docs version data has no descriptions (they cost every
 * docs page about 3 KB of script, plugins/client-data): a generated index
 * page brings its own cards' descriptions in its route props and provides
 * them here to the theme's cards, which read them from the version data
 * (`useDocById`). A wrapper, not an ejected page: the page and its cards stay
 * the theme's own. On the server, the version data is whole and nothing is added.
 */
export default function DocCategoryGeneratedIndexPageWrapper({[CARD_DESCRIPTIONS_PROP]: descriptions, ...props}: Props): ReactNode {
  const version = useDocsVersion();
  const completed = useMemo(() => withDescriptions(version, descriptions), [version, descriptions]);
  return (
    <DocsVersionProvider version={completed}>
      <DocCategoryGeneratedIndexPage {...props} />
    </DocsVersionProvider>
  );
}
