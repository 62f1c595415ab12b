import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import Breakable, {BreakableCode} from './index';

describe('Breakable', () => {
  it('puts a <wbr> at each break point and nothing else', () => {
    expect(renderToStaticMarkup(<BreakableCode text="ACTIVITY_TYPE_CREATE_WALLET" />)).toBe(
      '<code>ACTIVITY_<wbr/>TYPE_<wbr/>CREATE_<wbr/>WALLET</code>',
    );
    expect(renderToStaticMarkup(<Breakable text="policyName" />)).toBe('policy<wbr/>Name');
  });

  it('leaves a word without break points as it is', () => {
    expect(renderToStaticMarkup(<BreakableCode text="wallet" className="x" />)).toBe('<code class="x">wallet</code>');
  });
});
