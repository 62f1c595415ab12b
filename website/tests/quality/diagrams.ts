/**
 * Checks of the diagrams drawn at build time (plugins/diagrams), run inside
 * the page in one `page.evaluate`: `diagramProblems` is serialised into the
 * browser, so it must not use anything from this module's scope.
 *
 * For every `svg` in a `[data-diagram]` box:
 * - no text label's box overlaps another label's, beyond `tolerance` px each way;
 * - no label overlaps a node (a flowchart or state node's shape, a sequence
 *   diagram's participant box or note) that it does not belong to;
 * - every edge label sits on its edge: a flowchart or state label touches its
 *   path (matched by `data-id`), a sequence message sits just above its arrow
 *   and within its span;
 * - no label reaches outside the SVG (cut off);
 * - labels are drawn at `minFontPx` or more at the page's width;
 * - label text has a contrast of `minContrast` or more on what is behind it.
 */
export interface DiagramCheckOptions {
  minFontPx: number;
  minContrast: number;
  /** Overlaps up to this many pixels in both directions are glyph padding, not collisions. */
  tolerance: number;
}

export const DIAGRAM_CHECKS: DiagramCheckOptions = {minFontPx: 12, minContrast: 4.5, tolerance: 2};

export interface DiagramReport {
  diagrams: number;
  labels: number;
  problems: string[];
}

export function diagramProblems(options: DiagramCheckOptions): DiagramReport {
  const {minFontPx, minContrast, tolerance} = options;
  const problems: string[] = [];
  let labels = 0;
  const svgs = Array.from(document.querySelectorAll<SVGSVGElement>('[data-diagram] > svg'));

  type Box = {left: number; top: number; right: number; bottom: number};
  const boxOf = (el: Element): Box => {
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  };
  const overlap = (a: Box, b: Box) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > tolerance && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > tolerance;
  /** A label's words; its lines (Mermaid's `tspan.row`) joined by spaces. */
  const textOf = (el: Element) => {
    const rows = Array.from(el.querySelectorAll('tspan.row'));
    const raw = rows.length ? rows.map((r) => r.textContent).join(' ') : el.textContent;
    return (raw ?? '').replace(/\s+/g, ' ').trim();
  };
  /** The element whose fill colours the glyphs: the innermost one holding the text itself (a tspan, often). */
  const glyphsOf = (el: Element): Element => {
    const holder = Array.from(el.querySelectorAll('tspan')).find((s) => Array.from(s.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== ''));
    return holder ?? el;
  };
  /** The group a label or shape belongs to: its node, edge label, cluster, else its parent group. */
  const ownerOf = (el: Element): Element => el.closest('g.node, g.edgeLabel, g.cluster, g.cluster-label') ?? el.parentElement!;

  const rgb = (color: string): [number, number, number] | undefined => {
    const m = /rgba?\((\d+(?:\.\d+)?)[,\s]+(\d+(?:\.\d+)?)[,\s]+(\d+(?:\.\d+)?)(?:[,\s/]+([\d.]+))?\)/.exec(color);
    if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return undefined;
    return [Number(m[1]), Number(m[2]), Number(m[3])];
  };
  const luminance = ([r, g, b]: [number, number, number]) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
  };
  const contrast = (a: [number, number, number], b: [number, number, number]) => {
    const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (l1 + 0.05) / (l2 + 0.05);
  };
  /** The colour behind a point: the topmost filled shape there that is not text, else the page's background. */
  const backgroundAt = (x: number, y: number, svg: SVGSVGElement): [number, number, number] => {
    for (const el of document.elementsFromPoint(x, y)) {
      if (!svg.contains(el) || el === svg || el.closest('text')) continue;
      if (!['rect', 'path', 'polygon', 'circle', 'ellipse'].includes(el.tagName)) continue;
      const style = getComputedStyle(el);
      if (Number(style.fillOpacity) === 0 || Number(style.opacity) === 0) continue;
      const fill = rgb(style.fill);
      if (fill) return fill;
    }
    for (let el: Element | null = svg; el; el = el.parentElement) {
      const bg = rgb(getComputedStyle(el).backgroundColor);
      if (bg) return bg;
    }
    return [255, 255, 255];
  };

  for (const svg of svgs) {
    const name = svg.getAttribute('aria-label') ?? svg.id;
    const where = `"${name}"`;
    const scale = svg.getScreenCTM()?.a ?? 1;
    const frame = boxOf(svg);

    const texts = Array.from(svg.querySelectorAll('text')).filter((t) => textOf(t) !== '' && !t.parentElement?.closest('text'));
    labels += texts.length;
    const items = texts.map((el) => ({el, box: boxOf(el), owner: ownerOf(el), text: textOf(el)}));

    const shapes = [
      // A node's shape: its first child that is drawn and holds no text (the label is a sibling).
      ...Array.from(svg.querySelectorAll('g.node')).map((node) =>
        Array.from(node.children).find((c) => ['rect', 'polygon', 'path', 'circle', 'ellipse', 'g'].includes(c.tagName) && !c.querySelector('text') && !c.classList.contains('label')),
      ),
      ...Array.from(svg.querySelectorAll('rect.actor, rect.note')),
    ]
      .filter((s): s is Element => s !== undefined)
      .map((el) => ({el, box: boxOf(el), owner: ownerOf(el)}));

    for (const item of items) {
      const size = parseFloat(getComputedStyle(glyphsOf(item.el)).fontSize) * scale;
      if (size < minFontPx - 0.05) problems.push(`${where}: "${item.text}" is drawn at ${size.toFixed(1)} px (< ${minFontPx} px)`);
      const b = item.box;
      if (b.left < frame.left - 1 || b.right > frame.right + 1 || b.top < frame.top - 1 || b.bottom > frame.bottom + 1) problems.push(`${where}: "${item.text}" reaches outside the diagram`);
      const color = rgb(getComputedStyle(glyphsOf(item.el)).fill);
      if (color) {
        const behind = backgroundAt((b.left + b.right) / 2, (b.top + b.bottom) / 2, svg);
        const ratio = contrast(color, behind);
        if (ratio < minContrast) problems.push(`${where}: "${item.text}" has contrast ${ratio.toFixed(2)}:1 on its background (< ${minContrast}:1)`);
      }
    }

    items.forEach((a, i) => {
      for (const b of items.slice(i + 1)) {
        if (a.owner !== b.owner && overlap(a.box, b.box)) problems.push(`${where}: labels "${a.text}" and "${b.text}" overlap`);
      }
      for (const shape of shapes) {
        if (shape.owner !== a.owner && !shape.owner.contains(a.el) && overlap(a.box, shape.box)) {
          problems.push(`${where}: label "${a.text}" overlaps the node "${textOf(shape.owner)}"`);
        }
      }
    });

    // Flowchart and state edge labels: the label touches its path.
    for (const label of Array.from(svg.querySelectorAll('g.edgeLabel g.label[data-id]'))) {
      const text = textOf(label);
      if (!text) continue;
      const id = label.getAttribute('data-id')!;
      const path = svg.querySelector<SVGPathElement>(`path[data-id="${CSS.escape(id)}"]`);
      if (!path) {
        problems.push(`${where}: the edge of label "${text}" is missing`);
        continue;
      }
      const box = boxOf(label.querySelector('text') ?? label);
      const ctm = path.getScreenCTM()!;
      const length = path.getTotalLength();
      let touches = false;
      for (let i = 0; i <= 200 && !touches; i++) {
        const p = new DOMPoint(path.getPointAtLength((length * i) / 200).x, path.getPointAtLength((length * i) / 200).y).matrixTransform(ctm);
        touches = p.x >= box.left - 4 && p.x <= box.right + 4 && p.y >= box.top - 4 && p.y <= box.bottom + 4;
      }
      if (!touches) problems.push(`${where}: edge label "${text}" is not on its edge`);
    }

    // Sequence messages: the text sits just above its arrow (the next element), within the arrow's span.
    for (const message of Array.from(svg.querySelectorAll('text.messageText'))) {
      const text = textOf(message);
      const arrow = message.nextElementSibling;
      if (!arrow || !/messageLine/.test(arrow.getAttribute('class') ?? '')) {
        problems.push(`${where}: message "${text}" has no arrow after it`);
        continue;
      }
      const t = boxOf(message);
      const a = boxOf(arrow);
      const centre = (t.left + t.right) / 2;
      const self = arrow.getAttribute('data-from') === arrow.getAttribute('data-to');
      const gap = a.top - t.bottom;
      const within = self ? centre >= a.left - t.right + t.left && centre <= a.right + (t.right - t.left) : centre >= a.left - 2 && centre <= a.right + 2;
      if (gap < -tolerance || gap > 24 * scale || !within) problems.push(`${where}: message "${text}" is not on its arrow (gap ${gap.toFixed(0)} px)`);
    }
  }
  return {diagrams: svgs.length, labels, problems};
}
