import {useEffect, useRef, useState, type CSSProperties, type ReactNode} from 'react';
import styles from './styles.module.css';

interface Props {
  /** The finished SVG (plugins/diagrams): colours are the variables of styles.module.css. */
  svg: string;
  /** Its natural width in CSS pixels, as a string (an MDX attribute). */
  width: string;
  /** The Mermaid source, for the page's Markdown twin. */
  source: string;
}

/** The accessible name of the SVG's root (`aria-label`), for the scroller's own name. */
export function svgName(svg: string): string {
  const label = /^<svg[^>]*\saria-label="([^"]*)"/.exec(svg)?.[1] ?? 'Diagram';
  return label.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * A diagram drawn at build time (plugins/diagrams): inline SVG, readable
 * without JavaScript, one file for light and dark. It shrinks with the column
 * down to 80 % of its natural size (16 px labels stay at 12.8 px or more);
 * past that it scrolls sideways inside its box, which then becomes a named,
 * focusable region so keyboard users can scroll it too (WCAG 2.1.1).
 *
 * The hidden marker carries the source for the Markdown twin of the page
 * (plugins/markdown-twins turns it back into a ```mermaid block).
 */
export default function Diagram({svg, width, source}: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <figure className={styles.figure}>
      <div hidden data-md-mermaid={source} />
      <div
        ref={box}
        className={styles.box}
        data-diagram=""
        style={{'--diagram-width': `${Number(width)}px`} as CSSProperties}
        {...(scrolls ? {role: 'region', 'aria-label': `${svgName(svg)} (scrolls sideways)`, tabIndex: 0} : {})}
        // The SVG comes from the site's own build (plugins/diagrams), never from a reader.
        dangerouslySetInnerHTML={{__html: svg}}
      />
    </figure>
  );
}
