import {startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import styles from './styles.module.css';

/*
 * The theme draws the mobile menu, with the whole docs or API sidebar inside
 * it, as soon as a narrow window is detected after hydration, hidden until
 * the menu button is pressed. On a phone that is hundreds of links (all 75
 * operations on API pages) built, laid out and observed for prefetching on
 * every page load, for a menu most readers never open. Here the menu is
 * drawn when the reader shows intent to open it (a pointer over or pressing
 * the menu button, or focus on it), in a transition that yields to input,
 * and kept from then on. If the press comes first, it is drawn then and
 * still slides in: held in its closed position for two frames, then
 * released, so the theme's transition runs (styles.module.css).
 */

/** The theme's menu button (Navbar/MobileSidebar/Toggle). */
const TOGGLE = '.navbar__toggle';
const INTENT_EVENTS = ['pointerenter', 'pointerdown', 'focus'] as const;

export default function MobileSidebarWhenOpened(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [drawn, setDrawn] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  const visible = drawn || shown;
  useEffect(() => {
    if (drawn) return undefined;
    if (shown) {
      setDrawn(true);
      return undefined;
    }
    const toggle = document.querySelector(TOGGLE);
    if (!toggle) return undefined;
    const draw = (): void => startTransition(() => setDrawn(true));
    for (const type of INTENT_EVENTS) toggle.addEventListener(type, draw, {once: true});
    return () => {
      for (const type of INTENT_EVENTS) toggle.removeEventListener(type, draw);
    };
  }, [drawn, shown]);
  // Drawn by the press itself: start from the closed position before the first paint, release it two frames later.
  // `visible` turns true once and stays true (the menu is kept once drawn), so this runs once.
  useLayoutEffect(() => {
    const element = holder.current;
    if (!element || drawn) return undefined;
    element.classList.add(styles.entering!);
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => element.classList.remove(styles.entering!));
    });
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `drawn` is read as it was when the menu first appeared.
  }, [visible]);
  if (!visible) return null;
  return (
    <div ref={holder} className={styles.holder}>
      <MobileSidebar />
    </div>
  );
}
