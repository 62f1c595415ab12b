import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import DataTable from './index';

describe('DataTable', () => {
  it('puts the table in a named region that keyboard users can focus and scroll', () => {
    const html = renderToStaticMarkup(
      <DataTable label="Error codes">
        <tbody>
          <tr>
            <td>cell</td>
          </tr>
        </tbody>
      </DataTable>,
    );
    expect(html).toMatch(/^<div [^>]*role="region"[^>]*aria-label="Error codes"[^>]*tabindex="0"[^>]*><table [^>]*><tbody>/);
  });
});
