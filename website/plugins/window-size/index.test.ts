import {describe, expect, it} from 'vitest';
import {isThemeWindowSize} from './index';
import {windowSizeOf} from './useWindowSize';

const LIB = '/repo/node_modules/@docusaurus/theme-common/lib';

describe('isThemeWindowSize', () => {
  it("picks theme-common's own imports of the hook only", () => {
    expect(isThemeWindowSize({request: './hooks/useWindowSize', context: LIB})).toBe(true);
    expect(isThemeWindowSize({request: '../hooks/useWindowSize', context: `${LIB}/contexts`})).toBe(true);
    expect(isThemeWindowSize({request: './hooks/useWindowSize.js', context: LIB})).toBe(true);
    expect(isThemeWindowSize({request: './hooks/useWindowSize', context: '/repo/website/src/components/Thing'})).toBe(false);
    expect(isThemeWindowSize({request: './hooks/useWindowSizeCache', context: LIB})).toBe(false);
    expect(isThemeWindowSize({request: '@docusaurus/theme-common', context: LIB})).toBe(false);
  });
});

describe('windowSizeOf', () => {
  it('puts 996 px and less on the mobile side, as Infima does', () => {
    expect(windowSizeOf(996, 996)).toBe('mobile');
    expect(windowSizeOf(997, 996)).toBe('desktop');
    expect(windowSizeOf(412, 996)).toBe('mobile');
  });
});
