import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {SchemaRegistry} from './openapi';
import {loadModel, loadSpec} from './test-helpers';
import {timestampLimits, validatorIndexSource, validatorModuleSource} from './validators';

type Validate = ((data: unknown) => boolean) & {errors?: {instancePath: string; keyword: string}[] | null; schema?: {$ref: string; $defs: Record<string, {required?: string[]}>}};

const registry = new SchemaRegistry(loadSpec());
// Resolve the runtime helpers the generated code requires the way the site build does.
const siteRequire = createRequire(path.resolve(__dirname, '../../package.json'));

/** Evaluates a generated CommonJS validator module, as the bundler would include it. */
function load(source: string): Validate {
  const module = {exports: {} as unknown};
  // The generated code is the input under test; evaluating it is how a test runs it.
  new Function('module', 'exports', 'require', source)(module, module.exports, siteRequire);
  return module.exports as Validate;
}

describe('build-time request validators', {timeout: 90_000}, () => {
  const model = loadModel();

  it('accept every operation’s own request example', () => {
    for (const {operationId, requestSchema} of model.validators) {
      const validate = load(validatorModuleSource(registry, requestSchema));
      const example = JSON.parse(model.operations.find((o) => o.operationId === operationId)?.requestExample.json ?? 'null') as unknown;
      expect(validate(example), `${operationId}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('reject schema violations with the field’s path', () => {
    const validate = load(validatorModuleSource(registry, 'CreateWalletRequest'));
    const example = JSON.parse(model.operations.find((o) => o.name === 'create_wallet')?.requestExample.json ?? '{}') as {
      parameters: Record<string, unknown>;
    };
    expect(validate({...example, parameters: {...example.parameters, mnemonicLength: 13}})).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({instancePath: '/parameters/mnemonicLength', keyword: 'enum'});
    const {walletName: _dropped, ...withoutName} = example.parameters;
    expect(validate({...example, parameters: withoutName})).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toContain('required');
    expect(validate({...example, organizationId: 'not-a-uuid'})).toBe(false);
    // A misspelt field is reported as a field the schema does not have, beside the missing one.
    expect(validate({...example, parameters: {...withoutName, walletNam: 'Treasury'}})).toBe(false);
    expect(validate.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({instancePath: '/parameters', keyword: 'additionalProperties', params: {additionalProperty: 'walletNam'}}),
        expect.objectContaining({instancePath: '/parameters', keyword: 'required'}),
      ]),
    );
  });

  it('ship no compiler: plain code that only needs Ajv’s small runtime helpers', () => {
    const source = validatorModuleSource(registry, 'CreateSubOrganizationRequest');
    expect(source).not.toMatch(/new Function|\beval\(/);
    const required = [...source.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]);
    for (const id of required) expect(id).toMatch(/^(ajv\/dist\/runtime\/|ajv-formats\/dist\/formats)/);
    // Documentation text is stripped; it would only add weight.
    expect(source).not.toContain('human-readable');
  });

  it('carry the schema they check, for the builder’s form view', () => {
    const validate = load(validatorModuleSource(registry, 'CreateWalletRequest'));
    expect(validate.schema?.$ref).toBe('#/$defs/CreateWalletRequest');
    expect(validate.schema?.$defs.CreateWalletRequest?.required).toEqual(expect.arrayContaining(['type', 'timestampMs', 'organizationId', 'parameters']));
  });

  it('index loads each validator lazily and carries the document’s timestamp window', () => {
    const limits = timestampLimits(loadSpec()['x-limits']);
    expect(limits).toEqual({maxAgeMs: 300_000, maxSkewMs: 60_000});
    const index = validatorIndexSource(['createWallet', 'getWallet'], limits);
    expect(index).toContain('"createWallet": () => import("./createWallet.js")');
    expect(index).toContain('"getWallet": () => import("./getWallet.js")');
    expect(index).toContain('export const timestampLimits = {"maxAgeMs":300000,"maxSkewMs":60000};');
    expect(() => timestampLimits([{id: 'request-timestamp-max-age', value: 300}])).toThrow(/request-timestamp-max-skew/);
  });
});
