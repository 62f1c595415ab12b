import {describe, expect, it} from 'vitest';
import {controlKind, defaultValue, getAt, numberFromInput, pathLabel, removeAt, resolve, setAt, type RootSchema} from './form';

const root: RootSchema = {
  $ref: '#/$defs/Request',
  $defs: {
    Request: {
      type: 'object',
      required: ['type', 'parameters'],
      properties: {type: {const: 'ACTIVITY_TYPE_X'}, parameters: {$ref: '#/$defs/Params'}, note: {type: 'string'}},
    },
    Params: {
      type: 'object',
      required: ['name', 'accounts', 'length'],
      properties: {
        name: {type: 'string'},
        length: {type: 'integer', enum: [12, 24]},
        accounts: {type: 'array', items: {$ref: '#/$defs/Account'}},
        labels: {type: 'object', additionalProperties: {type: 'string'}},
        flag: {type: 'boolean'},
        count: {type: 'integer', minimum: 1},
      },
    },
    Account: {type: 'object', required: ['curve'], properties: {curve: {type: 'string', enum: ['CURVE_SECP256K1', 'CURVE_ED25519']}}},
  },
};

describe('form view schema reading', () => {
  it('follows refs and picks a control for each kind of field', () => {
    const params = resolve(root, {$ref: '#/$defs/Params'});
    expect(params.required).toContain('accounts');
    const p = params.properties!;
    expect(controlKind(resolve(root, root))).toBe('object');
    expect(controlKind(root.$defs.Request!.properties!.type!)).toBe('const');
    expect(controlKind(p.length!)).toBe('enum');
    expect(controlKind(p.accounts!)).toBe('array');
    expect(controlKind(p.labels!)).toBe('json');
    expect(controlKind(p.flag!)).toBe('boolean');
    expect(controlKind(p.count!)).toBe('number');
    expect(controlKind(p.name!)).toBe('string');
    expect(resolve(root, {$ref: '#/$defs/Missing'})).toEqual({});
  });

  it('starts a new value with its required fields filled and enums at their first value', () => {
    expect(defaultValue(root, root)).toEqual({type: 'ACTIVITY_TYPE_X', parameters: {name: '', accounts: [], length: 12}});
    expect(defaultValue(root, {$ref: '#/$defs/Account'})).toEqual({curve: 'CURVE_SECP256K1'});
    expect(defaultValue(root, {type: 'integer', minimum: 1})).toBe(1);
  });
});

describe('form view edits', () => {
  const value = {type: 'ACTIVITY_TYPE_X', parameters: {name: 'a', accounts: [{curve: 'CURVE_ED25519'}, {curve: 'CURVE_SECP256K1'}]}};

  it('reads, sets and removes at a path without touching the original', () => {
    expect(getAt(value, ['parameters', 'accounts', 1, 'curve'])).toBe('CURVE_SECP256K1');
    expect(getAt(value, ['parameters', 'missing', 'x'])).toBeUndefined();
    const renamed = setAt(value, ['parameters', 'name'], 'b');
    expect(getAt(renamed, ['parameters', 'name'])).toBe('b');
    expect(value.parameters.name).toBe('a');
    expect(getAt(setAt(value, ['parameters', 'accounts', 2], {curve: 'CURVE_ED25519'}), ['parameters', 'accounts'])).toHaveLength(3);
    expect(getAt(removeAt(value, ['parameters', 'accounts', 0]), ['parameters', 'accounts'])).toEqual([{curve: 'CURVE_SECP256K1'}]);
    expect(removeAt(value, ['type'])).not.toHaveProperty('type');
    expect(value.parameters.accounts).toHaveLength(2);
  });

  it('names paths as the problems list does and keeps a typed non-number visible', () => {
    expect(pathLabel(['parameters', 'accounts', 0, 'curve'])).toBe('parameters.accounts[0].curve');
    expect(numberFromInput('24')).toBe(24);
    expect(numberFromInput('2x')).toBe('2x');
    expect(numberFromInput('')).toBe('');
  });
});
