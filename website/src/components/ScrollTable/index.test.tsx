import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import ScrollTable from './index';

describe('ScrollTable', () => {
  it('wraps the table in a named region that keyboard users can focus and scroll', () => {
    const html = renderToStaticMarkup(
      <ScrollTable label="Wide table">
        <table>
          <tbody>
            <tr>
              <td>cell</td>
            </tr>
          </tbody>
        </table>
      </ScrollTable>,
    );
    expect(html).toMatch(/^<div [^>]*role="region"[^>]*>/);
    expect(html).toContain('aria-label="Wide table"');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('<table><tbody><tr><td>cell</td></tr></tbody></table>');
  });
});
