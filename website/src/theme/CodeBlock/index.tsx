import {Children, isValidElement, memo, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useColorMode, useThemeConfig} from '@docusaurus/theme-common';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/*
 * The theme's CodeBlock, ejected for one change. The server draws every block
 * in the default colour mode's Prism colours (inline styles), and hydration
 * does not correct attributes that differ, so the theme remounts every block
 * once the page has hydrated (a key that changes with `useIsBrowser`). For a
 * reader in the default mode that remount redraws identical blocks: each
 * block's lines parsed again from HTML and laid out again, right after
 * hydration (tens of milliseconds on a slow phone for a page of examples).
 * Here the key changes only when the mode differs from the server's.
 *
 * A string block's content is memoised: when the page turns "in the browser"
 * its props are the same as the server's, and without the memo every block
 * parsed its code and built its lines' HTML again in the first effects' task.
 * The parts that do change then (the copy and wrap buttons) ask for it
 * themselves. (A block of elements gets new children on every render, so a
 * memo would never match.)
 */

const MemoString = memo(StringContent);

/** The children as one string when they are only strings, so the block can be copied (as in the theme). */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const {colorMode} = useColorMode();
  const {defaultMode} = useThemeConfig().colorMode;
  const children = maybeStringifyChildren(rawChildren);
  const Content = typeof children === 'string' ? MemoString : ElementContent;
  const drawnAsServer = !isBrowser || colorMode === defaultMode;
  return (
    <Content key={drawnAsServer ? 'server-colours' : 'client-colours'} {...props}>
      {children as string}
    </Content>
  );
}
