import type {ReactNode} from 'react';
import Navbar from '@theme-original/Navbar';
import Staged from '@site/plugins/staged-hydration/Staged';

/** The theme's navbar, hydrated in a task of its own after the page's first hydration (plugins/staged-hydration). */
export default function NavbarWrapper(): ReactNode {
  return (
    <Staged region="navbar">
      <Navbar />
    </Staged>
  );
}
