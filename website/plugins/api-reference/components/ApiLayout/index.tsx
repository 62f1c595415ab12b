import {useEffect, useRef, type ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import {NavbarSecondaryMenuFiller, type NavbarSecondaryMenuComponent} from '@docusaurus/theme-common';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import DocSidebarItems from '@theme/DocSidebarItems';
import EditThisPage from '@theme/EditThisPage';
import LastUpdated from '@theme/LastUpdated';
import TOC from '@theme/TOC';
import TOCCollapsible from '@theme/TOCCollapsible';
import type {TOCItem} from '@docusaurus/mdx-loader';
import PageActions from '@site/src/components/PageActions';
import type {PageSource, SidebarData, SidebarLink} from '../../types';
import styles from './styles.module.css';
import Staged from '@site/plugins/staged-hydration/Staged';

const normalize = (route: string): string => route.replace(/\/+$/, '') || '/';

/** Opens the `<details>` around the element the URL's hash names, so deep links into nested fields land on a visible row. */
function useRevealHashTarget(): void {
  const {hash} = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    let opened = false;
    for (let el = target?.parentElement; el; el = el.parentElement) {
      if (el instanceof HTMLDetailsElement && !el.open) {
        el.open = true;
        opened = true;
      }
    }
    if (opened) target?.scrollIntoView();
  }, [hash]);
}

function SidebarNav({sidebar, current}: {sidebar: SidebarData; current: string}): ReactNode {
  const listRef = useRef<HTMLDivElement>(null);
  // Bring the current entry into view inside the (independently scrolling) sidebar, only when it is out of
  // view: the list otherwise opens at its top. Measured against the box (offsetTop counts from the page).
  useEffect(() => {
    const box = listRef.current;
    const active = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!box || !active || box.scrollHeight <= box.clientHeight) return;
    const top = active.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top + active.offsetHeight > box.clientHeight) box.scrollTop += top - box.clientHeight / 3;
  }, [current]);
  return (
    <nav id="api-sidebar" className={styles.sidebar} aria-label="API reference">
      <div ref={listRef} className={styles.sidebarScroll}>
        {sidebar.groups.map((group) => {
          const containsCurrent = group.links.some((l) => normalize(l.route) === current);
          const links = (
            <ul className={styles.links}>
              {group.links.map((link) => {
                const isCurrent = normalize(link.route) === current;
                return (
                  <li key={link.route}>
                    <Link
                      to={link.route}
                      className={clsx(styles.link, isCurrent && styles.current)}
                      aria-current={isCurrent ? 'page' : undefined}>
                      <span>{link.label}</span>
                      {link.detail && <code className={styles.detail}>{link.detail}</code>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          );
          if (group.collapsible && !containsCurrent) {
            return (
              <ul key={group.label} className={clsx(styles.links, styles.collapsed)}>
                <li>
                  <Link to={group.route ?? group.links[0]?.route ?? '/api/'} className={styles.link}>
                    <span>{group.label}</span>
                    <span className={styles.count}>{group.links.length}</span>
                  </Link>
                </li>
              </ul>
            );
          }
          // An open group (up to a hundred links) hydrates in a task of its own after the rest of the sidebar
          // (plugins/staged-hydration).
          return (
            <Staged key={group.label} region={`api-sidebar-${group.label}`}>
              <div className={clsx(styles.group, group.collapsible && styles.subgroup)}>
                <p className={styles.groupLabel}>{group.label}</p>
                {links}
              </div>
            </Staged>
          );
        })}
      </div>
    </nav>
  );
}

function PrevNext({sidebar, current}: {sidebar: SidebarData; current: string}): ReactNode {
  const flat: SidebarLink[] = sidebar.groups.flatMap((g) => g.links);
  const index = flat.findIndex((l) => normalize(l.route) === current);
  if (index < 0) return null;
  const prev = flat[index - 1];
  const next = flat[index + 1];
  return (
    <nav className="pagination-nav" aria-label="API reference pages">
      {prev ? (
        <Link className="pagination-nav__link pagination-nav__link--prev" to={prev.route}>
          <div className="pagination-nav__sublabel">Previous</div>
          <div className="pagination-nav__label">{prev.label}</div>
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link className="pagination-nav__link pagination-nav__link--next" to={next.route}>
          <div className="pagination-nav__sublabel">Next</div>
          <div className="pagination-nav__label">{next.label}</div>
        </Link>
      )}
    </nav>
  );
}

/** The API sidebar as the docs' own sidebar items, for the mobile menu. */
function mobileItems(sidebar: SidebarData): PropSidebarItem[] {
  return sidebar.groups.map((group) => ({
    type: 'category',
    label: group.label,
    collapsible: group.collapsible,
    collapsed: group.collapsible,
    items: group.links.map((link) => ({type: 'link', label: link.label, href: link.route})),
  }));
}

const ApiMobileMenu: NavbarSecondaryMenuComponent<{sidebar: SidebarData; path: string}> = ({sidebar, path}) => {
  const mobileSidebar = useNavbarMobileSidebar();
  return (
    <ul className="menu__list">
      <DocSidebarItems
        items={mobileItems(sidebar)}
        activePath={path}
        onItemClick={(item) => {
          if (item.type === 'link') mobileSidebar.toggle();
        }}
        level={1}
      />
    </ul>
  );
};

export interface ApiLayoutProps {
  title: string;
  description: string;
  sidebar: SidebarData;
  /** The page's own route, for the highlighted sidebar entry and previous/next links. */
  route: string;
  /** Operation pages: the content spans the width (fields and the sample panel side by side). */
  wide?: boolean;
  /** The on-page contents list (schema pages, the overview). */
  toc?: TOCItem[];
  /** Where the page comes from in the API document: its edit link and last-updated date. */
  source?: PageSource;
  children: ReactNode;
}

/**
 * The frame of every API reference page: the site layout, the API sidebar (grouped by area,
 * the current page marked with aria-current) and previous/next links. On narrow screens the
 * sidebar follows the content and a link at the top jumps to it.
 */
export default function ApiLayout({title, description, sidebar, route, wide, toc, source, children}: ApiLayoutProps): ReactNode {
  const current = normalize(route);
  useRevealHashTarget();
  const hasToc = toc !== undefined && toc.length > 0;
  return (
    <Layout title={title} description={description}>
      <NavbarSecondaryMenuFiller component={ApiMobileMenu} props={{sidebar, path: route}} />
      <div className={clsx(styles.frame, hasToc && styles.withToc)}>
        <main className={styles.main}>
          <a className={styles.jump} href="#api-sidebar" data-pagefind-ignore="all">
            Browse all operations and schemas
          </a>
          {/* The page's parts around the article each hydrate in a task of their own after the page's first hydration
              (plugins/staged-hydration), as the article's own parts do. */}
          <Staged region="api-page-actions">
            <div className={clsx(styles.tools, !wide && styles.measure)}>
              <PageActions />
            </div>
          </Staged>
          {hasToc && (
            <Staged region="api-toc-mobile">
              <TOCCollapsible toc={toc} className={styles.tocMobile} />
            </Staged>
          )}
          <article className={clsx(styles.article, wide && styles.wide)}>{children}</article>
          {source && (
            <Staged region="api-page-meta">
              <div className={clsx('row margin-top--md', styles.meta, !wide && styles.measure)} data-md-omit="" data-pagefind-ignore="all">
                <div className="col">
                  <EditThisPage editUrl={source.editUrl} />
                </div>
                {source.lastUpdatedAt !== undefined && (
                  <div className={clsx('col', styles.lastUpdated)}>
                    <LastUpdated lastUpdatedAt={source.lastUpdatedAt} />
                  </div>
                )}
              </div>
            </Staged>
          )}
          <PrevNext sidebar={sidebar} current={current} />
        </main>
        {hasToc && (
          <Staged region="api-toc">
            <div className={styles.toc}>
              <TOC toc={toc} minHeadingLevel={2} maxHeadingLevel={3} />
            </div>
          </Staged>
        )}
        <Staged region="api-sidebar">
          <SidebarNav sidebar={sidebar} current={current} />
        </Staged>
      </div>
    </Layout>
  );
}
