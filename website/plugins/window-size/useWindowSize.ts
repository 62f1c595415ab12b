import {useEffect, useState} from 'react';
import {postTask} from '../tasks';

/** What theme-common's hook answers: `ssr` until the page has hydrated, then which side of the breakpoint the window is. */
export type WindowSize = 'desktop' | 'mobile' | 'ssr';

/** Infima's breakpoint, as in the theme (a window wider than this is a desktop one). */
const DESKTOP_BREAKPOINT = 996;

export function windowSizeOf(width: number, desktopBreakpoint: number): Exclude<WindowSize, 'ssr'> {
  return width > desktopBreakpoint ? 'desktop' : 'mobile';
}

/**
 * theme-common's `useWindowSize`, with one change. Every component that
 * asks answers `ssr` while the page hydrates (so the server's markup is
 * reused), then learns the real size from an effect. The theme sets those
 * first answers at once, so on a phone the page is rendered a second time
 * in one uninterruptible task: the desktop sidebar and table of contents
 * taken out, the mobile ones put in. That task was the longest a docs page
 * ran after its scripts (32–40 ms on this machine without slowdown; four
 * times that on Lighthouse's phone). Here each component's first answer
 * comes in a task of its own, so the phone layout is drawn in a few short
 * tasks between which the reader's input is handled (React's transitions
 * would slice it, but Preact, which the browser runs, renders a transition
 * at once). A resize across the breakpoint answers at once.
 */
export function useWindowSize({desktopBreakpoint = DESKTOP_BREAKPOINT}: {desktopBreakpoint?: number} = {}): WindowSize {
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    let live = true;
    const update = (): void => setWindowSize(windowSizeOf(window.innerWidth, desktopBreakpoint));
    postTask(() => live && update());
    window.addEventListener('resize', update);
    return () => {
      live = false;
      window.removeEventListener('resize', update);
    };
  }, [desktopBreakpoint]);
  return windowSize;
}
