import type {CSSProperties, ReactNode} from 'react';
import {useScrollsSideways} from '../../hooks/useScrollsSideways';
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
  const {ref, regionProps} = useScrollsSideways<HTMLDivElement>();

  return (
    <figure className={styles.figure}>
      <div hidden data-md-mermaid={source} />
      <div
        ref={ref}
        className={styles.box}
        data-diagram=""
        style={{'--diagram-width': `${Number(width)}px`} as CSSProperties}
        {...regionProps(`${svgName(svg)} (scrolls sideways)`)}
        // The SVG comes from the site's own build (plugins/diagrams), never from a reader.
        dangerouslySetInnerHTML={{__html: svg}}
      />
    </figure>
  );
}
