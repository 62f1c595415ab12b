import Ajv2020 from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDoc, resolveLocal, type Doc, type MediaType, type SchemaObject } from './spec-fixture.test-util.js';

const BASE = 'https://api.sigil.example/openapi.json';

interface ExampleCase {
  where: string;
  schema: SchemaObject;
  value: unknown;
}

/** An Ajv instance that knows every component, so `#/components/schemas/...` refs resolve. */
function makeValidator(doc: Doc): (schema: SchemaObject) => ValidateFunction {
  // `.default` works both at run time (ajv sets module.exports.default) and for
  // TypeScript, which sees these CommonJS modules' default export as a namespace.
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: BASE, components: doc.components });
  const cache = new Map<SchemaObject, ValidateFunction>();
  return (schema) => {
    let fn = cache.get(schema);
    if (!fn) {
      // Compile the schema as a child of the registered document so its local refs resolve there.
      fn = ajv.compile({ $id: `${BASE}/inline/${cache.size}`, ...rebase(schema) });
      cache.set(schema, fn);
    }
    return fn;
  };
}

/** Rewrites local refs to absolute ones pointing into the registered document. */
function rebase(schema: SchemaObject): SchemaObject {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${BASE}#/`)) as SchemaObject;
}

function mediaExamples(where: string, media: MediaType): ExampleCase[] {
  const cases: ExampleCase[] = [];
  if (media.example !== undefined) cases.push({ where: `${where} example`, schema: media.schema, value: media.example });
  for (const [name, ex] of Object.entries(media.examples ?? {})) {
    cases.push({ where: `${where} examples.${name}`, schema: media.schema, value: ex.value });
  }
  return cases;
}

/** Every example in the document: operation bodies, shared responses and schema-level `example`s. */
function collectExamples(doc: Doc): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const op = item.post;
    for (const [type, media] of Object.entries(op.requestBody.content)) {
      cases.push(...mediaExamples(`${path} request ${type}`, media));
    }
    for (const [status, response] of Object.entries(op.responses)) {
      const resolved = response.$ref ? resolveLocal<typeof response>(doc, response.$ref) : response;
      for (const [type, media] of Object.entries(resolved.content ?? {})) {
        cases.push(...mediaExamples(`${path} response ${status} ${type}`, media));
      }
    }
  }
  const walk = (node: unknown, pointer: string): void => {
    if (!node || typeof node !== 'object') return;
    const schema = node as SchemaObject;
    if ('example' in schema && !pointer.endsWith('/properties')) {
      cases.push({ where: `${pointer} example`, schema: { $ref: `#${pointer}` }, value: schema.example });
    }
    for (const [key, child] of Object.entries(schema)) {
      if (key === 'example' || key.startsWith('x-')) continue;
      walk(child, `${pointer}/${key}`);
    }
  };
  walk(doc.components.schemas, '/components/schemas');
  return cases;
}

describe('examples validate against their schemas (Ajv, JSON Schema 2020-12)', () => {
  let doc: Doc;
  let validatorFor: (schema: SchemaObject) => ValidateFunction;
  let cases: ExampleCase[];

  beforeAll(() => {
    doc = loadDoc();
    validatorFor = makeValidator(doc);
    cases = collectExamples(doc);
  });

  it('has at least one request and one response example for every operation', () => {
    for (const [path, { post }] of Object.entries(doc.paths)) {
      const req = post.requestBody.content['application/json'];
      const res = post.responses['200']?.content?.['application/json'];
      expect(req && (req.example !== undefined || Object.keys(req.examples ?? {}).length > 0), `${path} request example`).toBe(true);
      expect(res && (res.example !== undefined || Object.keys(res.examples ?? {}).length > 0), `${path} response example`).toBe(true);
    }
  });

  it('every example is valid', () => {
    const failures: string[] = [];
    for (const c of cases) {
      const validate = validatorFor(c.schema);
      if (!validate(c.value)) {
        failures.push(`${c.where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
      }
    }
    console.log(`validated ${cases.length} examples`);
    expect(cases.length).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  });

  it('every submission shows each outcome it can have: completed, and pending, consensus needed and failed unless it is a vote', () => {
    const problems: string[] = [];
    let submissions = 0;
    for (const [path, { post }] of Object.entries(doc.paths)) {
      if (post['x-sigil-kind'] !== 'submission') continue;
      submissions += 1;
      const examples = Object.values(post.responses['200']!.content!['application/json']!.examples!).map(
        (example) => example.value as { activity: { status: string; result: Record<string, unknown>; failure?: { code: number; message: string } } },
      );
      const statuses = examples.map((example) => example.activity.status).sort();
      // approve_activity and reject_activity record a vote at once (the emulator's core/activities.ts): they never wait.
      const votes = ['ACTIVITY_TYPE_APPROVE_ACTIVITY', 'ACTIVITY_TYPE_REJECT_ACTIVITY'].includes(post['x-sigil-activity-type'] as string);
      const expected = votes
        ? ['ACTIVITY_STATUS_COMPLETED']
        : ['ACTIVITY_STATUS_COMPLETED', 'ACTIVITY_STATUS_CONSENSUS_NEEDED', 'ACTIVITY_STATUS_FAILED', 'ACTIVITY_STATUS_PENDING'];
      if (JSON.stringify(statuses) !== JSON.stringify(expected)) problems.push(`${path}: ${statuses.join(', ')}`);
      for (const { activity } of examples) {
        const finished = activity.status === 'ACTIVITY_STATUS_COMPLETED';
        if (finished !== Object.keys(activity.result).length > 0) problems.push(`${path} ${activity.status}: result ${JSON.stringify(activity.result)}`);
        if ((activity.status === 'ACTIVITY_STATUS_FAILED') !== (activity.failure !== undefined)) problems.push(`${path} ${activity.status}: failure`);
        const code = activity.failure?.code;
        if (code !== undefined && !(doc['x-error-codes'] as { code: number }[]).some((entry) => entry.code === code)) problems.push(`${path}: failure code ${code}`);
      }
    }
    expect(submissions).toBe(52);
    expect(problems).toEqual([]);
  });

  it('submission examples use the operation activity type and matching intent/result keys', () => {
    for (const [path, { post }] of Object.entries(doc.paths)) {
      if (post['x-sigil-kind'] !== 'submission') continue;
      const type = post['x-sigil-activity-type'] as string;
      const intentKey = lowerFirst(post['x-sigil-intent'] as string);
      const resultKey = lowerFirst(post['x-sigil-result'] as string);
      const req = Object.values(post.requestBody.content['application/json']!.examples!)[0]!.value as {
        type: string;
        parameters: unknown;
      };
      const res = Object.values(post.responses['200']!.content!['application/json']!.examples!)[0]!.value as {
        activity: { type: string; intent: Record<string, unknown>; result: Record<string, unknown>; status: string };
      };
      expect(req.type, path).toBe(type);
      expect(res.activity.type, path).toBe(type);
      expect(res.activity.intent, path).toEqual({ [intentKey]: req.parameters });
      if (res.activity.status === 'ACTIVITY_STATUS_COMPLETED') expect(Object.keys(res.activity.result), path).toEqual([resultKey]);
    }
  });

  describe('a broken example is caught', () => {
    const requestSchema = (op: string): SchemaObject => doc.paths[`/public/v1/submit/${op}`]!.post.requestBody.content['application/json']!.schema;
    const requestExample = (op: string): Record<string, unknown> =>
      structuredClone(Object.values(doc.paths[`/public/v1/submit/${op}`]!.post.requestBody.content['application/json']!.examples!)[0]!.value) as Record<string, unknown>;
    const params = (body: Record<string, unknown>): Record<string, unknown> => body.parameters as Record<string, unknown>;
    const isValid = (schema: SchemaObject, value: unknown): boolean => validatorFor(schema)(value) as boolean;

    it('the unmodified example passes (control)', () => {
      expect(isValid(requestSchema('create_wallet'), requestExample('create_wallet'))).toBe(true);
    });

    it.each([
      ['mnemonicLength outside 12/15/18/21/24', 'create_wallet', (b: Record<string, unknown>) => { params(b).mnemonicLength = 13; }],
      ['missing timestampMs', 'create_wallet', (b: Record<string, unknown>) => { delete b.timestampMs; }],
      ['timestampMs as a number', 'create_wallet', (b: Record<string, unknown>) => { b.timestampMs = 1767225600000; }],
      ['wrong activity type', 'create_wallet', (b: Record<string, unknown>) => { b.type = 'ACTIVITY_TYPE_CREATE_WALLET_V2'; }],
      ['missing walletName', 'create_wallet', (b: Record<string, unknown>) => { delete params(b).walletName; }],
      ['unknown address format', 'create_wallet', (b: Record<string, unknown>) => { (params(b).accounts as Record<string, unknown>[])[0]!.addressFormat = 'ADDRESS_FORMAT_DOGE'; }],
      ['five-digit OTP code', 'otp_auth', (b: Record<string, unknown>) => { params(b).otpCode = '12345'; }],
      ['OTP code with letters', 'otp_auth', (b: Record<string, unknown>) => { params(b).otpCode = '12a456'; }],
      ['phone number not in E.164', 'update_user', (b: Record<string, unknown>) => { params(b).userPhoneNumber = '0044 20 7946 0000'; }],
      ['email auth without targetPublicKey', 'email_auth', (b: Record<string, unknown>) => { delete params(b).targetPublicKey; }],
      ['oauth without oidcToken', 'oauth', (b: Record<string, unknown>) => { delete params(b).oidcToken; }],
      ['read-write session without targetPublicKey', 'create_read_write_session', (b: Record<string, unknown>) => { delete params(b).targetPublicKey; }],
      ['API-only user without userTags', 'create_users', (b: Record<string, unknown>) => { delete (params(b).apiOnlyUsers as Record<string, unknown>[])[0]!.userTags; }],
      ['root user without oauthProviders', 'create_sub_organization', (b: Record<string, unknown>) => { delete (params(b).rootUsers as Record<string, unknown>[])[0]!.oauthProviders; }],
      ['SMS template without the code placeholder', 'init_otp_auth', (b: Record<string, unknown>) => { params(b).smsCustomization = { template: 'Your code' }; }],
    ])('rejects %s', (_label, op, breakIt) => {
      const body = requestExample(op);
      expect(isValid(requestSchema(op), body)).toBe(true);
      breakIt(body);
      expect(isValid(requestSchema(op), body)).toBe(false);
    });

    it('rejects a pagination limit above 100 and accepts 100', () => {
      const schema = doc.paths['/public/v1/query/list_activities']!.post.requestBody.content['application/json']!.schema;
      expect(isValid(schema, { organizationId: 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601', paginationOptions: { limit: 100 } })).toBe(true);
      expect(isValid(schema, { organizationId: 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601', paginationOptions: { limit: 101 } })).toBe(false);
      expect(isValid(schema, { organizationId: 'a3f1c2d4-5b6e-4f70-8a91-b2c3d4e5f601', paginationOptions: { limit: 0 } })).toBe(false);
    });

    it('rejects an activity whose intent has two keys', () => {
      const schema: SchemaObject = { $ref: '#/components/schemas/Activity' };
      const res = Object.values(doc.paths['/public/v1/submit/create_wallet']!.post.responses['200']!.content!['application/json']!.examples!)[0]!.value as {
        activity: { intent: Record<string, unknown> };
      };
      const activity = structuredClone(res.activity);
      expect(isValid(schema, activity)).toBe(true);
      activity.intent.updateWalletIntent = { walletId: 'e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9', walletName: 'x' };
      expect(isValid(schema, activity)).toBe(false);
    });
  });
});

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

describe('errors per operation (x-errors) and for every call (x-common-errors)', () => {
  const doc = loadDoc();
  const known = new Set((doc['x-error-codes'] as { code: number }[]).map((entry) => entry.code));
  const common = doc['x-common-errors'] as { code: number; when: string }[];

  it('every call: known codes, each with when it happens', () => {
    expect(common.map((entry) => entry.code)).toEqual([3, 5, 8, 13, 14, 16]);
    for (const entry of common) expect(entry.when.length, String(entry.code)).toBeGreaterThan(20);
  });

  it('every operation lists its own errors: known codes, sorted, none repeated from the common list, each with when', () => {
    const problems: string[] = [];
    for (const [path, { post }] of Object.entries(doc.paths)) {
      const errors = post['x-errors'] as { code: number; when: string }[] | undefined;
      if (!Array.isArray(errors)) {
        problems.push(`${path}: no x-errors`);
        continue;
      }
      const codes = errors.map((entry) => entry.code);
      if (codes.some((code) => !known.has(code))) problems.push(`${path}: unknown code in ${codes.join(',')}`);
      if (codes.some((code, i) => i > 0 && code <= codes[i - 1]!)) problems.push(`${path}: codes not sorted or repeated`);
      if (codes.some((code) => code === 3 || code === 16)) problems.push(`${path}: repeats a code every call answers`);
      if (errors.some((entry) => typeof entry.when !== 'string' || entry.when.length < 15)) problems.push(`${path}: an error without when`);
      const votes = ['ACTIVITY_TYPE_APPROVE_ACTIVITY', 'ACTIVITY_TYPE_REJECT_ACTIVITY'].includes(post['x-sigil-activity-type'] as string);
      if (post['x-sigil-kind'] === 'submission' && !votes && !codes.includes(7)) problems.push(`${path}: a submission that policies decide without PERMISSION_DENIED`);
    }
    expect(problems).toEqual([]);
  });
});
