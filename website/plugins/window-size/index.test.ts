import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {isThemeWindowSize} from './index';
import {windowSizeOf} from './useWindowSize';
import {THEME_COMMON_LIB, themeCommonImportsOf} from '../theme-common.test-util';

const LIB = THEME_COMMON_LIB;

describe('isThemeWindowSize, against the installed theme-common', () => {
  const imports = themeCommonImportsOf('useWindowSize');

  it('finds the hook where the swap expects it, imported by the package index and the mobile sidebar', () => {
    expect(existsSync(path.join(LIB, 'hooks', 'useWindowSize.js'))).toBe(true);
    expect(imports.map((i) => path.relative(LIB, i.context) || '.').sort()).toEqual(['.', 'contexts']);
  });

  it('replaces every one of those imports', () => {
    for (const i of imports) expect(isThemeWindowSize(i)).toBe(true);
  });

  it('leaves the same request from outside theme-common, and other hooks, alone', () => {
    expect(isThemeWindowSize({request: './hooks/useWindowSize', context: path.join(__dirname, '..', '..', 'src', 'components')})).toBe(false);
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
