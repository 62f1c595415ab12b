import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import PageActions from '@site/src/components/PageActions';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

/**
 * The breadcrumbs row of every docs page (generated category pages included)
 * also holds the reader tools: "Copy page" and, when configured, "Ask AI".
 * The home page (the overview doc at the site's root) is where every trail
 * starts: a trail of one crumb there says nothing, so it keeps only the tools.
 */
export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  const home = useBaseUrl('/');
  const isHome = useLocation().pathname === home;
  return (
    <div className={styles.row} data-pagefind-ignore="all">
      {!isHome && <DocBreadcrumbs {...props} />}
      <PageActions />
    </div>
  );
}
