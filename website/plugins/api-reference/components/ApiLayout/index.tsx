import {useEffect, useRef, type ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import type {SidebarData, SidebarLink} from '../../types';
import styles from './styles.module.css';

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
  // Keep the current entry in view inside the (independently scrolling) sidebar.
  useEffect(() => {
    const box = listRef.current;
    const active = box?.querySelector<HTMLElement>('[aria-current="page"]');
    if (box && active && box.scrollHeight > box.clientHeight) {
      box.scrollTop = active.offsetTop - box.clientHeight / 3;
    }
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
          return (
            <div key={group.label} className={clsx(styles.group, group.collapsible && styles.subgroup)}>
              <p className={styles.groupLabel}>{group.label}</p>
              {links}
            </div>
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

export interface ApiLayoutProps {
  title: string;
  description: string;
  sidebar: SidebarData;
  /** The page's own route, for the highlighted sidebar entry and previous/next links. */
  route: string;
  children: ReactNode;
}

/**
 * The frame of every API reference page: the site layout, the API sidebar (grouped by area,
 * the current page marked with aria-current) and previous/next links. On narrow screens the
 * sidebar follows the content and a link at the top jumps to it.
 */
export default function ApiLayout({title, description, sidebar, route, children}: ApiLayoutProps): ReactNode {
  const current = normalize(route);
  useRevealHashTarget();
  return (
    <Layout title={title} description={description}>
      <div className={styles.frame}>
        <main className={styles.main}>
          <a className={styles.jump} href="#api-sidebar" data-pagefind-ignore="all">
            Browse all operations and schemas
          </a>
          <article className={styles.article}>{children}</article>
          <PrevNext sidebar={sidebar} current={current} />
        </main>
        <SidebarNav sidebar={sidebar} current={current} />
      </div>
    </Layout>
  );
}
