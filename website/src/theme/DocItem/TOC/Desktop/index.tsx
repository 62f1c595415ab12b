import type {ReactNode} from 'react';
import TOCDesktop from '@theme-original/DocItem/TOC/Desktop';
import Staged from '@site/plugins/staged-hydration/Staged';

/** A doc's table of contents beside the article, hydrated in a task of its own after the page's first hydration (plugins/staged-hydration). */
export default function DocItemTOCDesktopWrapper(): ReactNode {
  return (
    <Staged region="docs-toc">
      <TOCDesktop />
    </Staged>
  );
}
