import type {ReactNode} from 'react';
import Footer from '@theme-original/Footer';
import {useThemeConfig} from '@docusaurus/theme-common';
import Staged from '@site/plugins/staged-hydration/Staged';

/** The theme's footer, hydrated in a task of its own after the page's first hydration (plugins/staged-hydration). */
export default function FooterWrapper(): ReactNode {
  // Without a footer configured the theme draws nothing, and a region that resumes to nothing is not one to stage.
  if (!useThemeConfig().footer) return <Footer />;
  return (
    <Staged region="footer">
      <Footer />
    </Staged>
  );
}
