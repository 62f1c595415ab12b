import {describe, expect, it} from 'vitest';
import {readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import * as helpers from './tslib-helpers';

const require = createRequire(import.meta.url);
const tslib = require('tslib') as Record<string, (mod: unknown) => unknown>;
const utilsCommonLib = path.dirname(require.resolve('@docusaurus/utils-common'));

describe('the tslib helpers the client bundle gives @docusaurus/utils-common', () => {
  it('cover every helper the package calls (a new one would be undefined in the browser)', () => {
    const called = new Set<string>();
    for (const file of readdirSync(utilsCommonLib).filter((f) => f.endsWith('.js'))) {
      for (const m of readFileSync(path.join(utilsCommonLib, file), 'utf8').matchAll(/\btslib_\d+\.(__\w+)/g)) called.add(m[1]!);
    }
    expect(called.size).toBeGreaterThan(0);
    expect([...called].filter((name) => !(name in helpers))).toEqual([]);
  });

  it('behave as tslib’s own', () => {
    const esModule = {__esModule: true, default: 1};
    const commonJs = {a: 1};
    const fn = () => 1;
    for (const value of [esModule, commonJs, fn, null, undefined, 0, 'x']) {
      expect(helpers.__importDefault(value)).toEqual(tslib.__importDefault!(value));
    }
    expect(helpers.__importDefault(esModule)).toBe(esModule);
    expect((helpers.__importDefault(commonJs) as {default: unknown}).default).toBe(commonJs);
  });
});
