/*
 * Replaces the docs theme's DocItem/Content, with its markup unchanged. A
 * doc whose article loads on demand (plugins/article-on-demand) keeps, on a
 * first visit, the article the server drew: this component suspends while
 * the page hydrates, which leaves its element as the server wrote it, and
 * resumes (hydrating it) once the reader acts inside it and the article has
 * loaded; then what the reader did while it loaded is replayed. After a
 * client-side navigation the article has loaded with its route and renders
 * at once.
 */
import {Suspense, isValidElement, useLayoutEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
// useIsBrowser's context: the article that resumes hydrating must first see what the server render saw.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import {ThemeClassNames, useThemeConfig} from '@docusaurus/theme-common';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import Heading from '@theme/Heading';
import type {Props} from '@theme/DocItem/Content';
import {articleOf, isFirstVisitArticle, loadedMdxContent, mdxProviderOf} from '@site/plugins/article-on-demand/registry';
// The server render's MDXContent; nothing in the browser build (plugins/article-on-demand/index.ts swaps it).
import ServerMdxContent from '@site/plugins/article-on-demand/serverMdxContent';
import {ARTICLE_ROOT, drawnByServer, replayHeld, settle, waitsForReader, whenReaderActs} from '@site/plugins/article-on-demand/reader';

/** The theme's title for a doc whose content has no top-level heading (its front matter's or file's title). */
function useSyntheticTitle(): string | null {
  const {metadata, frontMatter, contentTitle} = useDoc();
  return !frontMatter.hide_title && typeof contentTitle === 'undefined' ? metadata.title : null;
}

function Markdown({children}: Props): ReactNode {
  const syntheticTitle = useSyntheticTitle();
  const isBrowser = useIsBrowser();
  const {defaultMode} = useThemeConfig().colorMode;
  const component = isValidElement(children) ? children.type : undefined;
  const article = articleOf(component);
  // The components the article's Markdown renders with: loaded with a split doc's article, in the module of a doc
  // that is not split, the theme's own on the server (plugins/article-on-demand).
  const Provider = mdxProviderOf(component) ?? loadedMdxContent() ?? ServerMdxContent;
  const loaded = article === undefined || (article.loaded !== undefined && Provider !== undefined);
  // The article resumes hydrating the server's markup: it renders as the server did (not yet "in the browser"),
  // then once more as after any hydration (code redrawn in the reader's color mode), and only then are the reader's
  // held acts replayed, on the elements that render leaves.
  const fromServer = article !== undefined && drawnByServer(article);
  const [, rerender] = useState(0);
  useLayoutEffect(() => {
    if (!loaded) return;
    if (fromServer) {
      settle(article!);
      rerender((n) => n + 1);
    } else {
      replayHeld();
    }
  }, [loaded, fromServer, article]);
  if (article && !loaded) {
    // A failed load after the page has run goes to the error boundary, whose retry renders (and loads) again.
    if (isBrowser && article.error !== undefined) throw article.error;
    // While hydrating the page the browser loaded, this waits for the reader, and keeps waiting through the render
    // that follows hydration; any other time (a route the preload did not load it with) it loads now. A development
    // server's page has no server markup: there the article loads at once.
    const hydrating = !isBrowser && isFirstVisitArticle(article) && document.querySelector(ARTICLE_ROOT) !== null;
    throw hydrating || waitsForReader(article) ? whenReaderActs(article, defaultMode) : article.load();
  }
  return (
    <div className={clsx(ThemeClassNames.docs.docMarkdown, 'markdown')}>
      {syntheticTitle && (
        <header>
          <Heading as="h1">{syntheticTitle}</Heading>
        </header>
      )}
      <BrowserContext.Provider value={isBrowser && !fromServer}>
        <Provider>{children}</Provider>
      </BrowserContext.Provider>
    </div>
  );
}

export default function DocItemContent(props: Props): ReactNode {
  // The server render has no boundary, whose markers React would write into the page; a boundary draws no element.
  if (!ExecutionEnvironment.canUseDOM) return <Markdown {...props} />;
  return (
    <Suspense fallback={null}>
      <Markdown {...props} />
    </Suspense>
  );
}
