import {describe, expect, it} from 'vitest';
import {tableLabel, textOf} from './index';

describe('Markdown table scroller name', () => {
  it('names the table by its column headers, code included', () => {
    const children = [
      <thead key="h">
        <tr>
          <th>
            <code>code</code>
          </th>
          <th>Meaning</th>
          <th />
        </tr>
      </thead>,
      <tbody key="b">
        <tr>
          <td>3</td>
          <td>Invalid argument</td>
        </tr>
      </tbody>,
    ];
    expect(tableLabel(children)).toBe('Table: code, Meaning');
  });

  it('prefers the caption', () => {
    expect(tableLabel([<caption key="c">Sample requests</caption>, <thead key="h" />])).toBe('Sample requests');
  });

  it('falls back to a plain name without a header row', () => {
    expect(tableLabel(<tbody />)).toBe('Table');
  });

  it('reads text through nested elements and numbers', () => {
    expect(textOf(['a', <b key="1">b{2}</b>, null])).toBe('ab2');
  });
});
