/**
 * Tables never cut a word (issue 24): no line in a table cell ends between two letters or digits of one token
 * ("policyN/ame", "ACTIVITY_TYPE_C/REATE_WALLET"), at 400, 1024 and 1440 px. Tokens are cut at spaces and at the
 * `<wbr>` break points of code (src/components/Breakable, which split the text), and may wrap at punctuation where
 * the browser allows it ("auth?/bundle"); each is measured with Range.getClientRects. Used by e2e/table-words.spec.ts
 * and by the template batches of e2e/quality-a11y.spec.ts, on pages as the server rendered them.
 */
import type {Page} from '@playwright/test';

export const TABLE_WIDTHS = [400, 1024, 1440];

/** Runs in the page: every word of a table cell cut across two lines, as "wo|rd (table)". */
export function cutWords(): string[] {
  for (const details of Array.from(document.querySelectorAll('main details'))) details.setAttribute('open', '');
  const cut: string[] = [];
  const range = document.createRange();
  const lineOf = (node: Text, i: number): number | undefined => {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    const rect = Array.from(range.getClientRects()).find((r) => r.width > 0);
    return rect && rect.top + rect.height / 2;
  };
  const wordChar = /[\p{L}\p{N}_]/u;
  for (const table of Array.from(document.querySelectorAll('main table'))) {
    const label = table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent?.trim().slice(0, 30) ?? 'table';
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const parent = node.parentElement;
      // Code blocks in cells follow their own wrapping; nested tables are visited as tables of their own.
      if (!parent || parent.closest('pre') || parent.closest('table') !== table) continue;
      // Most cells' text sits on one line: then none of its tokens can be cut, and its tokens need no measuring.
      range.selectNodeContents(node);
      const lines = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => r.top);
      if (lines.length < 2 || Math.max(...lines) - Math.min(...lines) < 4) continue;
      for (const match of node.data.matchAll(/\S{2,}/g)) {
        const start = match.index;
        const end = start + match[0].length;
        range.setStart(node, start);
        range.setEnd(node, end);
        const tops = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => r.top);
        if (tops.length < 2 || Math.max(...tops) - Math.min(...tops) < 4) continue;
        // The token spans lines: a break between punctuation ("auth?|bundle", "]|[") is a sensible point,
        // a break between two letters or digits cuts a word.
        for (let i = start + 1; i < end; i += 1) {
          const before = lineOf(node, i - 1);
          const after = lineOf(node, i);
          if (before === undefined || after === undefined || Math.abs(after - before) < 4) continue;
          if (wordChar.test(node.data[i - 1]!) && wordChar.test(node.data[i]!)) {
            cut.push(`"${node.data.slice(start, i)}|${node.data.slice(i, end)}" (${label})`);
          }
        }
      }
    }
  }
  return cut;
}

/**
 * The cut words of the page loaded in `page`, at each width (collapsed field lists opened), as "<path> at <width> px:
 * <word>"; the page's viewport is put back as it was. Opening the field lists changes the page: run it after checks
 * that must see it as loaded.
 */
export async function tableWordProblems(page: Page, path: string): Promise<string[]> {
  const viewport = page.viewportSize();
  const problems: string[] = [];
  for (const width of TABLE_WIDTHS) {
    await page.setViewportSize({width, height: 800});
    for (const word of await page.evaluate(cutWords)) problems.push(`${path} at ${width} px: ${word}`);
  }
  if (viewport) await page.setViewportSize(viewport);
  return problems;
}
