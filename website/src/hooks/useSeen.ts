import {useEffect, useRef, useState, type RefObject} from 'react';

/**
 * True once the element has come within `rootMargin` of the viewport, and
 * from then on. Heavy parts of a page (a diagram renderer, a playground)
 * wait for it, so a reader who never scrolls to them never downloads them.
 * Always false in the server render and the first browser render, so both match.
 */
export function useSeen<T extends HTMLElement>(rootMargin = '0px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      {rootMargin},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, rootMargin]);
  return [ref, seen];
}
