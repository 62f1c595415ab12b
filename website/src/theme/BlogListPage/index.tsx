import type {ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {HtmlClassNameProvider, PageMetadata, ThemeClassNames} from '@docusaurus/theme-common';
import BlogLayout from '@theme/BlogLayout';
import BlogListPaginator from '@theme/BlogListPaginator';
import SearchMetadata from '@theme/SearchMetadata';
import BlogPostItems from '@theme/BlogPostItems';
import BlogListPageStructuredData from '@theme/BlogListPage/StructuredData';
import type {Props} from '@theme/BlogListPage';
import styles from './styles.module.css';

/**
 * The feed files the blog plugin writes beside the first list page (`feedOptions.type` in docusaurus.config.ts): the
 * later list pages (`/changelog/page/2` and on) link the same files.
 */
function FeedLinks({permalink}: {permalink: string}): ReactNode {
  const base = permalink.replace(/\/page\/\d+\/?$/, '').replace(/\/+$/, '');
  const rss = useBaseUrl(`${base}/rss.xml`);
  const atom = useBaseUrl(`${base}/atom.xml`);
  return (
    <p className={styles.feeds}>
      Follow new entries in your feed reader:{' '}
      <a href={rss} type="application/rss+xml">
        RSS feed
      </a>{' '}
      or{' '}
      <a href={atom} type="application/atom+xml">
        Atom feed
      </a>
      .
    </p>
  );
}

/**
 * The changelog's list page (swizzled: the theme's page has no h1 and no
 * visible feed links). Same layout, metadata and structured data as the
 * theme's, with a header above the entries, shown in full.
 */
export default function BlogListPage(props: Props): ReactNode {
  const {metadata, items, sidebar} = props;
  const {siteConfig} = useDocusaurusContext();
  const blogOnly = metadata.permalink === '/';
  return (
    <HtmlClassNameProvider className={clsx(ThemeClassNames.wrapper.blogPages, ThemeClassNames.page.blogListPage)}>
      <PageMetadata title={blogOnly ? siteConfig.title : metadata.blogTitle} description={metadata.blogDescription} />
      <SearchMetadata tag="blog_posts_list" />
      <BlogListPageStructuredData {...props} />
      <BlogLayout sidebar={sidebar}>
        <header className={styles.header}>
          <h1>{metadata.blogTitle}</h1>
          <p className={styles.lead}>{metadata.blogDescription}</p>
          <FeedLinks permalink={metadata.permalink} />
        </header>
        <div className={styles.posts}>
          <BlogPostItems items={items} />
        </div>
        <BlogListPaginator metadata={metadata} />
      </BlogLayout>
    </HtmlClassNameProvider>
  );
}
