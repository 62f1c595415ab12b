import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {isThemeReactUtils} from './index';
import {shallowMemoDependencies} from './dependencies';
import {THEME_COMMON_LIB, themeCommonImportsOf} from '../theme-common.test-util';

const LIB = THEME_COMMON_LIB;

const exportsOf = (source: string) =>
  [...source.matchAll(/export (?:function|class|const) (\w+)/g)].map(([, name]) => name!).sort();

describe('the React helpers swap, against the installed theme-common', () => {
  const imports = themeCommonImportsOf('reactUtils');

  it('finds the imports the swap expects: the package index and its contexts, hooks and utils', () => {
    expect(imports.length).toBeGreaterThanOrEqual(10);
    expect(new Set(imports.map((i) => path.relative(LIB, i.context).split(path.sep)[0] || '.'))).toEqual(new Set(['.', 'contexts', 'hooks', 'utils']));
  });

  it('replaces every one of those imports, and the same request from outside theme-common not', () => {
    for (const i of imports) expect(isThemeReactUtils(i), `${i.request} in ${i.context}`).toBe(true);
    expect(isThemeReactUtils({request: '../utils/reactUtils', context: path.join(__dirname, '..', '..', 'src', 'components')})).toBe(false);
    expect(isThemeReactUtils({request: './reactUtilsMore', context: LIB})).toBe(false);
  });

  it('exports every name the original module does', () => {
    const original = exportsOf(readFileSync(path.join(LIB, 'utils', 'reactUtils.js'), 'utf8'));
    expect(original).toContain('useShallowMemoObject');
    expect(exportsOf(readFileSync(path.join(__dirname, 'reactUtils.tsx'), 'utf8'))).toEqual(original);
  });
});

describe('shallowMemoDependencies', () => {
  it('gives the same dependencies whatever order the keys were written in, and others when a value changes', () => {
    const onChange = () => undefined;
    expect(shallowMemoDependencies({b: 2, a: onChange, Z: 'x'})).toEqual(['Z', 'x', 'a', onChange, 'b', 2]);
    expect(shallowMemoDependencies({Z: 'x', b: 2, a: onChange})).toEqual(shallowMemoDependencies({b: 2, a: onChange, Z: 'x'}));
    expect(shallowMemoDependencies({a: 1})).not.toEqual(shallowMemoDependencies({a: 2}));
  });
});
