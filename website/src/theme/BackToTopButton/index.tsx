import type {ReactNode} from 'react';
import BackToTopButton from '@theme-original/BackToTopButton';
import Staged from '@site/plugins/staged-hydration/Staged';

/** The docs pages' back-to-top button, hydrated in a task of its own after the page's first hydration (plugins/staged-hydration). */
export default function BackToTopButtonWrapper(): ReactNode {
  return (
    <Staged region="back-to-top">
      <BackToTopButton />
    </Staged>
  );
}
