import {describe, expect, it} from 'vitest';
import {diagramKey} from './cache';
import {renderDiagrams} from './render';

// Draws in Debian's Chromium (/usr/bin/chromium), as `npm run diagrams` and the build do.
describe('renderDiagrams', () => {
  it('draws a diagram into a finished SVG: named, sized, coloured by the theme variables, labels not cut off', async () => {
    const source = 'sequenceDiagram\n  accTitle: Self message\n  participant A as Short\n  A->>A: a self message with a label much longer than the participant box';
    const results = await renderDiagrams([{source, where: 'test:1'}]);
    const {svg, width, height} = results.get(diagramKey(source))!;
    expect(svg).toMatch(/^<svg [^>]*class="sequence"[^>]*role="img" aria-label="Self message">/);
    expect(svg).toContain('var(--sigil-diagram-text)');
    expect(svg).not.toMatch(/#[0-9a-f]{6}\b/i);
    // The self-message label is wider than the participant: the viewBox was widened to hold it.
    expect(width).toBeGreaterThan(400);
    expect(height).toBeGreaterThan(100);
  }, 60_000);

  it("names the page when Mermaid cannot parse a diagram, or it has no accTitle", async () => {
    await expect(renderDiagrams([{source: 'flowchart LR\n  accTitle: Broken\n  A -->', where: 'docs/x.mdx:3'}])).rejects.toThrow(/docs\/x\.mdx:3: Mermaid cannot draw this diagram/);
    await expect(renderDiagrams([{source: 'flowchart LR\n  A --> B', where: 'docs/x.mdx:9'}])).rejects.toThrow(/docs\/x\.mdx:9: the diagram has no "accTitle: \.\.\." line/);
  }, 60_000);
});
