import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import Diagram, {svgName} from './index';

const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 900 300" width="900" height="300" role="img" aria-label="Keys &amp; &quot;wallets&quot;"><text>A</text></svg>';

describe('Diagram', () => {
  it('reads the accessible name of the SVG for its scroller', () => {
    expect(svgName(svg)).toBe('Keys & "wallets"');
    expect(svgName('<svg></svg>')).toBe('Diagram');
  });

  it('server-renders the SVG itself, its width and the source for the Markdown twin', () => {
    const html = renderToStaticMarkup(<Diagram svg={svg} width="900" source={'flowchart LR\n  A --> B'} />);
    expect(html).toContain(svg);
    expect(html).toContain('--diagram-width:900px');
    expect(html).toContain('data-md-mermaid="flowchart LR\n  A --&gt; B"');
    // Not a region until it is measured to scroll (no tab stop for a diagram that fits).
    expect(html).not.toContain('role="region"');
  });
});
