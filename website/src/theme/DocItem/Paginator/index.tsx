import type {ReactNode} from 'react';
import Paginator from '@theme-original/DocItem/Paginator';
import Staged from '@site/plugins/staged-hydration/Staged';

/** A doc's previous and next links, hydrated in a task of its own after the page's first hydration (plugins/staged-hydration). */
export default function DocItemPaginatorWrapper(): ReactNode {
  return (
    <Staged region="docs-paginator">
      <Paginator />
    </Staged>
  );
}
