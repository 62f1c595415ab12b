import {useEffect, useRef, useState, type RefObject} from 'react';

/**
 * Whether a box's content is wider than the box, kept up to date as the box resizes. A box that
 * scrolls sideways must become a named, focusable region so keyboard users can scroll it too
 * (WCAG 2.1.1); one that fits must not add a tab stop. `regionProps` gives the attributes for both cases.
 */
export function useScrollsSideways<T extends HTMLElement>(): {
  ref: RefObject<T | null>;
  regionProps: (label: string) => {'data-region-label': string; role?: 'region'; 'aria-label'?: string; tabIndex?: number};
} {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The label is written either way: until a docs page's article has run, plugins/article-on-demand/client.ts
  // measures the box and names it from there.
  return {
    ref,
    regionProps: (label) => ({'data-region-label': label, ...(scrolls ? {role: 'region' as const, 'aria-label': label, tabIndex: 0} : {})}),
  };
}
