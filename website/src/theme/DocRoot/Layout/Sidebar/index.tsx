import type {ReactNode} from 'react';
import Sidebar from '@theme-original/DocRoot/Layout/Sidebar';
import type SidebarType from '@theme/DocRoot/Layout/Sidebar';
import type {WrapperProps} from '@docusaurus/types';
import Staged from '@site/plugins/staged-hydration/Staged';

/** The docs sidebar, hydrated in a task of its own after the page's first hydration (plugins/staged-hydration). */
export default function DocRootLayoutSidebarWrapper(props: WrapperProps<typeof SidebarType>): ReactNode {
  return (
    <Staged region="docs-sidebar">
      <Sidebar {...props} />
    </Staged>
  );
}
