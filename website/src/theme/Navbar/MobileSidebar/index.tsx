import {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import styles from './styles.module.css';

/*
 * The theme draws the mobile menu, with the whole docs or API sidebar inside
 * it, as soon as a narrow window is detected after hydration, hidden until
 * the menu button is pressed. On a phone that is hundreds of links (all 75
 * operations on API pages) built, laid out and observed for prefetching on
 * every page load, for a menu most readers never open. Here the menu is
 * drawn the first time it is opened and kept from then on. It still slides
 * in that first time: it is drawn in its closed position for two frames,
 * then released, so the theme's transition runs (styles.module.css).
 */
export default function MobileSidebarWhenOpened(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [drawn, setDrawn] = useState(false);
  const [entering, setEntering] = useState(false);
  if (shown && !drawn) {
    // Adjusting state while rendering (React's documented pattern): the menu is drawn in this same render.
    setDrawn(true);
    setEntering(true);
  }
  useEffect(() => {
    if (!entering) return undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setEntering(false));
    });
    return () => cancelAnimationFrame(frame);
  }, [entering]);
  if (!drawn) return null;
  return (
    <div className={clsx(styles.holder, entering && styles.entering)}>
      <MobileSidebar />
    </div>
  );
}
