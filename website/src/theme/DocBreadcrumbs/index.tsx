import type {ReactNode} from 'react';
import DocBreadcrumbs from '@theme-original/DocBreadcrumbs';
import type DocBreadcrumbsType from '@theme/DocBreadcrumbs';
import type {WrapperProps} from '@docusaurus/types';
import PageActions from '@site/src/components/PageActions';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocBreadcrumbsType>;

/**
 * The breadcrumbs row of every docs page (generated category pages included)
 * also holds the reader tools: "Copy page" and, when configured, "Ask AI".
 */
export default function DocBreadcrumbsWrapper(props: Props): ReactNode {
  return (
    <div className={styles.row} data-pagefind-ignore="all">
      <DocBreadcrumbs {...props} />
      <PageActions />
    </div>
  );
}
