import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {FORMATS_SOURCE, requestRefs, slimCatalog, slimDocument, validatorsSource, type CatalogLike, type OpenApiLike} from './generate';
import {validationMessage, type ValidationErrorLike} from '@sigil/emulator';

const specPath = path.join(__dirname, '../../../packages/api-spec/dist/openapi.json');
const document = JSON.parse(readFileSync(specPath, 'utf8')) as OpenApiLike;
const coreDir = path.join(__dirname, '../../../packages/emulator/dist/core');

type Validate = ((value: unknown) => boolean) & {errors?: ValidationErrorLike[] | null};

/** Runs the generated CommonJS as the bundle would: `./formats.js` is the formats module, the rest is Ajv's runtime. */
function loadValidators(): Record<string, Validate> {
  const nodeRequire = createRequire(__filename);
  const load = (source: string, require: (request: string) => unknown): Record<string, unknown> => {
    const module = {exports: {} as Record<string, unknown>};
    // eslint-disable-next-line no-new-func -- test only: runs the generated module text in Node
    new Function('module', 'exports', 'require', source)(module, module.exports, require);
    return module.exports;
  };
  const formats = load(FORMATS_SOURCE, nodeRequire);
  return load(validatorsSource(document, './formats.js'), (request) => (request === './formats.js' ? formats : nodeRequire(request))) as Record<string, Validate>;
}

/** The sandbox's wording of the first violation, as src/sandbox/validate.ts throws it. */
function sandboxMessage(validate: Validate, value: unknown): string | undefined {
  if (validate(value)) return undefined;
  const error = validate.errors![0]!;
  return validationMessage(error).message;
}

describe('sandbox build output', () => {
  const validators = loadValidators();

  it('has a validator for every operation of the document', () => {
    const refs = requestRefs(document);
    expect(refs).toHaveLength(Object.values(document.paths).filter((item) => item.post).length);
    for (const ref of refs) expect(typeof validators[ref], ref).toBe('function');
  });

  it('words schema violations exactly as the emulator core does', async () => {
    const {validateAgainst} = (await import(path.join(coreDir, 'validate.js'))) as {validateAgainst: (ref: string, value: unknown) => void};
    const coreMessage = (ref: string, value: unknown): string | undefined => {
      try {
        validateAgainst(ref, value);
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    };
    const org = 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601';
    const cases: Array<[string, unknown]> = [
      ['#/components/schemas/WhoamiRequest', {organizationId: org}],
      ['#/components/schemas/WhoamiRequest', {}],
      ['#/components/schemas/WhoamiRequest', {organizationId: 'not-a-uuid'}],
      ['#/components/schemas/WhoamiRequest', {organizationId: org, extra: 1}],
      ['#/components/schemas/CreateWalletRequest', {type: 'ACTIVITY_TYPE_CREATE_WALLET', timestampMs: '1', organizationId: org, parameters: {walletName: 'w', accounts: [], mnemonicLength: 13}}],
      ['#/components/schemas/CreateWalletRequest', {type: 'ACTIVITY_TYPE_NOPE', timestampMs: '1', organizationId: org, parameters: {walletName: 'w', accounts: []}}],
      ['#/components/schemas/CreateUsersRequest', {type: 'ACTIVITY_TYPE_CREATE_USERS_V3', timestampMs: '1', organizationId: org, parameters: {users: [{userName: 'a', userEmail: 'not an email', apiKeys: [], authenticators: [], oauthProviders: [], userTags: []}]}}],
    ];
    const core = cases.map(([ref, value]) => coreMessage(ref, value));
    expect(core.filter((m) => m !== undefined).length, 'the cases include failures').toBeGreaterThanOrEqual(5);
    expect(cases.map(([ref, value]) => sandboxMessage(validators[ref]!, value))).toEqual(core);
  });

  it('keeps what the core reads from the document and drops the rest', async () => {
    const slim = slimDocument(document);
    expect(slim['x-error-codes']).toEqual(document['x-error-codes']);
    expect(slim['x-limits']).toEqual(document['x-limits']);
    // The core reads root extensions when it starts (x-webhook-signature, for one): all of them are kept.
    const extensions = Object.keys(document).filter((key) => key.startsWith('x-'));
    expect(extensions).toContain('x-webhook-signature');
    for (const key of extensions) expect(slim[key as `x-${string}`], key).toEqual(document[key as `x-${string}`]);
    expect(Object.keys(slim.paths).sort()).toEqual(Object.keys(document.paths).filter((p) => document.paths[p]!.post).sort());
    // Every field the core's document.ts reads is kept as is.
    for (const [route, item] of Object.entries(slim.paths)) {
      const full = document.paths[route]!.post!;
      for (const field of ['tags', 'security', 'requestBody', 'x-sigil-activity-type', 'x-sigil-intent', 'x-sigil-result']) {
        expect(item.post![field], `${route} ${field}`).toEqual(full[field]);
      }
    }
    expect(Object.keys(slim.paths['/public/v1/submit/create_wallet']!.post!)).not.toContain('responses');
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(document).length / 5);
  });

  it('keeps the catalog fields the core reads, for every operation and code, and drops the rest', () => {
    const full = JSON.parse(readFileSync(path.join(__dirname, '../../../packages/api-spec/catalog.json'), 'utf8')) as CatalogLike;
    const slim = slimCatalog(full);
    expect(slim.operations).toHaveLength(full.operations.length);
    const fields = ['name', 'kind', 'path', 'requestSchema', 'activityType', 'acceptsSession', 'tag', 'intentKey', 'resultKey'];
    slim.operations.forEach((entry, i) => {
      expect(Object.keys(entry).sort()).toEqual(fields.filter((f) => f in full.operations[i]!).sort());
      for (const field of fields) expect(entry[field], `${String(entry.name)} ${field}`).toEqual(full.operations[i]![field]);
    });
    expect(slim.errorCodes).toEqual(full.errorCodes.map(({code, name, httpStatus}) => ({code, name, httpStatus})));
    expect(JSON.stringify(slim).length).toBeLessThan(JSON.stringify(full).length * 0.6);
  });
});
