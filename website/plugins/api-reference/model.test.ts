import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildModel} from './model';
import {envOr} from './sample-env';
import type {OpenApiDocument} from './openapi';
import {parseMarkdown} from './richtext';
import {loadModel} from './test-helpers';
import type {FieldNode} from './types';

const GO_OPERATIONS = path.resolve(__dirname, '../../../packages/go/sigil/zz_generated_operations.go');
const RUBY_OPERATIONS = path.resolve(__dirname, '../../../packages/ruby/lib/sigil/generated/operations.rb');
const RUST_OPERATIONS = path.resolve(__dirname, '../../../packages/rust/src/operations.rs');

function flatten(fields: FieldNode[]): FieldNode[] {
  return fields.flatMap((f) => [f, ...flatten(f.children ?? [])]);
}

describe('operation pages', () => {
  const model = loadModel();
  const createWallet = model.operations.find((o) => o.name === 'create_wallet');

  it('describes create_wallet completely', () => {
    expect(createWallet).toBeDefined();
    if (!createWallet) return;
    expect(createWallet.route).toBe('/api/wallets/create-wallet');
    expect(createWallet.activityType).toBe('ACTIVITY_TYPE_CREATE_WALLET');
    expect(createWallet.stamps).toEqual(['X-Stamp', 'X-Stamp-WebAuthn']);
    expect(createWallet.tokenHeaders).toEqual([]);
    const getActivity = model.operations.find((o) => o.name === 'get_activity');
    expect(getActivity?.stamps).toEqual(['X-Stamp', 'X-Stamp-WebAuthn']);
    expect(getActivity?.tokenHeaders).toEqual(['X-Session']);
    const session = model.home.stamps.find((s) => s.header === 'X-Session');
    expect(session).toMatchObject({isStamp: false, appliesTo: 'queries only'});
    const fields = flatten(createWallet.request.fields);
    const byPath = new Map(fields.map((f) => [f.path, f]));
    for (const path of ['type', 'timestampMs', 'organizationId', 'parameters', 'parameters.walletName', 'parameters.accounts']) {
      expect(byPath.get(path)?.required, path).toBe(true);
    }
    expect(byPath.get('parameters.accounts.curve')?.enumValues).toEqual(['CURVE_SECP256K1', 'CURVE_ED25519']);
    const mnemonic = byPath.get('parameters.mnemonicLength');
    expect(mnemonic?.required).toBe(false);
    expect(mnemonic?.default).toBe('12');
    expect(mnemonic?.enumValues).toEqual(['12', '15', '18', '21', '24']);
  });

  it('shows only the operation’s own intent and result inside the activity', () => {
    const paths = flatten(createWallet?.response.fields ?? []).map((f) => f.path);
    expect(paths).toContain('response.activity.intent.createWalletIntent.walletName');
    expect(paths).toContain('response.activity.result.createWalletResult.walletId');
    expect(paths.some((p) => p.includes('createUsersIntent'))).toBe(false);
  });

  it('links long enums and unions instead of repeating them', () => {
    const getActivity = model.operations.find((o) => o.name === 'get_activity');
    const intent = flatten(getActivity?.response.fields ?? []).find((f) => f.path === 'response.activity.intent');
    expect(intent?.children).toBeUndefined();
    expect(intent?.seeAlso?.[1]).toBe('/api/schemas/intent');
    const list = model.operations.find((o) => o.name === 'list_activities');
    const filter = flatten(list?.request.fields ?? []).find((f) => f.path === 'filterByType');
    expect(filter?.enumValues).toBeUndefined();
    expect(filter?.enumCount).toBeGreaterThan(12);
  });

  it('links operation and schema names in descriptions', () => {
    const json = JSON.stringify(model.operations.find((o) => o.name === 'update_root_quorum')?.description);
    expect(json).toContain('["schema","ACTIVITY_STATUS_CONSENSUS_NEEDED","/api/schemas/activity-status#value-ACTIVITY_STATUS_CONSENSUS_NEEDED"]');
    const home = JSON.stringify(model.home.errorCodes);
    expect(home).toContain('["op","list_activities","/api/activities/list-activities"]');
  });

  it('has an error section and examples for every operation', () => {
    for (const op of model.operations) {
      expect(op.error.schema, op.name).toBe('Status');
      expect(() => JSON.parse(op.requestExample.json) as unknown, op.name).not.toThrow();
      expect(op.samples.cli).toContain(`sigil request --path ${op.path} --body @body.json`);
      expect(op.samples.typescript).toContain(`client.${op.operationId}(`);
      expect(op.samples.curl).toContain(`curl -X POST "\${SIGIL_BASE_URL:-https://api.sigil.example}${op.path}"`);
    }
  });

  it('lists each operation’s own errors from the document, merged with those of every call', () => {
    const codes = (name: string) => model.operations.find((o) => o.name === name)?.errors.map((e) => e.code);
    expect(codes('create_wallet')).toEqual([3, 5, 6, 7, 8, 12, 13, 14, 16]);
    expect(codes('whoami')).toEqual([3, 5, 8, 13, 14, 16]);
    expect(codes('list_activities')).toEqual([3, 5, 8, 11, 13, 14, 16]);
    const getWallet = model.operations.find((o) => o.name === 'get_wallet')!.errors.find((e) => e.code === 5)!;
    expect(JSON.stringify(getWallet.own)).toContain('walletId');
    expect(JSON.stringify(getWallet.common)).toContain('organizationId');
    expect(new Set(model.operations.map((o) => JSON.stringify(o.errors))).size).toBeGreaterThan(40);
  });

  it('offers a submission’s answer in each outcome, completed first, and a query’s as one example', () => {
    const outcomes = new Map(model.operations.map((op) => [op.name, op.responseExamples.map((e) => e.outcome ?? '-').join(',')]));
    expect(outcomes.get('create_wallet')).toBe('Completed,Pending,Consensus needed,Failed');
    expect(outcomes.get('update_root_quorum')).toBe('Completed,Pending,Consensus needed,Failed');
    expect(outcomes.get('approve_activity')).toBe('Completed');
    expect(outcomes.get('get_wallet')).toBe('-');
    for (const op of model.operations.filter((o) => o.kind === 'submission')) {
      const statuses = op.responseExamples.map((e) => (JSON.parse(e.json) as {activity: {status: string}}).activity.status);
      expect(statuses[0], op.name).toBe('ACTIVITY_STATUS_COMPLETED');
      expect(new Set(statuses).size, op.name).toBe(statuses.length);
    }
    const failed = JSON.parse(createWallet!.responseExamples[3]!.json) as {activity: {failure: {code: number}; result: object}};
    expect(failed.activity.failure.code).toBe(9);
    expect(failed.activity.result).toEqual({});
  });
});

describe('schema pages', () => {
  const model = loadModel();
  const page = (name: string) => model.schemas.find((s) => s.name === name);

  it('lists enum values with their descriptions', () => {
    const status = page('ActivityStatus');
    expect(status?.category).toBe('Enumerations');
    expect(status?.enumValues?.map((v) => v.value)).toContain('ACTIVITY_STATUS_CONSENSUS_NEEDED');
    expect(status?.enumValues?.every((v) => v.description)).toBe(true);
  });

  it('says which operations use a schema', () => {
    const usedBy = page('WalletAccountParams')?.usedBy.map((o) => o.name) ?? [];
    expect(usedBy).toContain('create_wallet');
    expect(usedBy).toContain('create_wallet_accounts');
    // Reaching every intent through Activity.intent would list all submissions: it must not.
    expect(usedBy).not.toContain('create_users');
    expect(page('Status')?.usedByAllAsError).toBe(true);
    expect(page('WalletAccountParams')?.referencedBy.map((s) => s.name)).toContain('CreateWalletIntent');
  });

  it('takes schema examples from the operations’ own examples before generating one', () => {
    const wallet = JSON.parse(page('Wallet')?.example ?? '{}') as Record<string, unknown>;
    expect(wallet.walletName).not.toBe('string');
    expect(typeof wallet.walletId).toBe('string');
    expect(page('WalletAccountParams')?.example).toContain('m/44');
  });

  it('links field types to their schema pages', () => {
    const accounts = page('CreateWalletIntent')?.fields?.find((f) => f.name === 'accounts');
    expect(accounts?.type).toEqual({k: 'array', of: {k: 'ref', name: 'WalletAccountParams', route: '/api/schemas/wallet-account-params'}});
    expect(accounts?.children).toBeUndefined();
    expect(accounts?.seeAlso?.[1]).toBe('/api/schemas/wallet-account-params');
  });
});

describe('documents without examples', () => {
  it('generates request examples with openapi-sampler', () => {
    const doc: OpenApiDocument = {
      openapi: '3.1.0',
      info: {title: 'T', version: '1'},
      tags: [{name: 'Things'}],
      paths: {
        '/public/v1/query/get_thing': {
          post: {
            operationId: 'getThing',
            'x-sigil-kind': 'query',
            tags: ['Things'],
            requestBody: {content: {'application/json': {schema: {$ref: '#/components/schemas/GetThingRequest'}}}},
            responses: {
              '200': {content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}},
              default: {content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}},
            },
          },
        },
      },
      components: {
        schemas: {
          GetThingRequest: {type: 'object', required: ['thingId'], properties: {thingId: {type: 'string', format: 'uuid'}}},
          Thing: {type: 'object', properties: {name: {type: 'string', default: 'thing'}}},
        },
      },
    };
    const model = buildModel(doc, {apiBaseUrl: 'https://api.example', downloads: [], parseMarkdown});
    const op = model.operations[0];
    expect(op?.requestExample.title).toMatch(/generated/);
    expect(JSON.parse(op?.requestExample.json ?? '{}')).toHaveProperty('thingId');
    expect(op?.route).toBe('/api/things/get-thing');
  });
});

describe('samples', () => {
  it('every sample reads the base URL and organization from SIGIL_BASE_URL and SIGIL_ORGANIZATION_ID, as the SDKs and the CLI do', () => {
    const languages = ['typescript', 'curl', 'python', 'go', 'ruby', 'rust'] as const;
    for (const page of loadModel().operations) {
      for (const language of languages) {
        const sample = page.samples[language];
        const baseUrl = envOr(language, 'baseUrl', 'https://api.sigil.example');
        expect(sample, `${page.name} ${language}`).toContain(baseUrl);
        // The documented base URL is only the fallback: nowhere else in the sample.
        expect(sample.split(baseUrl).join(''), `${page.name} ${language}`).not.toContain('https://api.sigil.example');
        // curl sends the request example as written (its stamp is of those bytes); the others read the variable.
        if (language !== 'curl') expect(sample, `${page.name} ${language}`).toContain(envOr(language, 'organizationId', page.samples.organizationId));
      }
      // The CLI reads the variables itself, and keeps a key file the reader already named.
      expect(page.samples.cli).not.toContain('https://api.sigil.example');
      expect(page.samples.cli).toContain('export SIGIL_API_KEY_FILE="${SIGIL_API_KEY_FILE:-api-key.json}"');
    }
  });

  it('every operation has a Python sample that signs with cryptography and sends with requests only', () => {
    for (const page of loadModel().operations) {
      const imports = page.samples.python.split('\n').filter((line) => /^(import|from) /.test(line));
      const modules = imports.map((line) => line.split(/\s+/)[1]!.split('.')[0]);
      expect(new Set(modules), page.name).toEqual(new Set(['base64', 'json', 'os', 'requests', 'cryptography', ...(page.kind === 'submission' ? ['time'] : [])]));
      expect(page.samples.python, page.name).toContain(`URL = os.environ.get("SIGIL_BASE_URL", "https://api.sigil.example") + "${page.path}"`);
    }
  });

  it('every operation has a Go sample calling the Go SDK’s method and a Ruby sample calling the gem’s', () => {
    const goMethods = new Set([...readFileSync(GO_OPERATIONS, 'utf8').matchAll(/^func \(c \*Client\) (\w+)\(ctx/gm)].map((m) => m[1]));
    const rubyMethods = new Set([...readFileSync(RUBY_OPERATIONS, 'utf8').matchAll(/^    def (\w+)/gm)].map((m) => m[1]));
    const operations = loadModel().operations;
    expect(goMethods.size).toBe(operations.length);
    for (const page of operations) {
      const goCall = /client\.(\w+)\(ctx, sigil\.\w+(?:Parameters|Request)\{/.exec(page.samples.go)?.[1];
      expect(goMethods.has(goCall ?? ''), `${page.name}: Go calls ${goCall}`).toBe(true);
      expect(page.samples.go, page.name).toContain(`BaseURL:        envOr("SIGIL_BASE_URL", "https://api.sigil.example"),`);
      expect(page.samples.go, page.name).toContain('OrganizationID: envOr("SIGIL_ORGANIZATION_ID", ');
      expect(page.samples.ruby, page.name).toContain('base_url: ENV.fetch("SIGIL_BASE_URL", "https://api.sigil.example"),');
      const rubyCall = /client\.(\w+)(?:\(|\n|$)/m.exec(page.samples.ruby.split('\n').filter((l) => /(?:^|= )client\./.test(l)).join('\n'))?.[1];
      expect(rubyMethods.has(rubyCall ?? ''), `${page.name}: Ruby calls ${rubyCall}`).toBe(true);
      expect(page.samples.ruby, page.name).toMatch(/^require "sigil"$/m);
    }
    // A submission's parameters go out in the SDK's types: enum constants in Go, snake_case keys in Ruby.
    const createWallet = operations.find((p) => p.name === 'create_wallet')!;
    expect(createWallet.samples.go).toContain('Curve:         sigil.CurveSecp256k1,');
    expect(createWallet.samples.go).toContain('client.WaitForActivity(ctx, activity, nil)');
    expect(createWallet.samples.ruby).toContain('address_format: "ADDRESS_FORMAT_ETHEREUM"');
    expect(createWallet.samples.ruby).toContain('done.activity.result.create_wallet_result');
  });

  it('every operation has a Rust sample calling the crate’s method with its request or parameters type', () => {
    const rustMethods = new Set([...readFileSync(RUST_OPERATIONS, 'utf8').matchAll(/^    pub async fn (\w+)\(&self, (?:mut request|request|parameters): types::(\w+)\)/gm)].map((m) => `${m[1]} ${m[2]}`));
    const operations = loadModel().operations;
    expect(rustMethods.size).toBe(operations.length);
    for (const page of operations) {
      const call = /client\s*\.(\w+)\((\w+)(?: \{|::default\(\))/.exec(page.samples.rust);
      expect(rustMethods.has(`${call?.[1]} ${call?.[2]}`), `${page.name}: Rust calls ${call?.[1]}(${call?.[2]})`).toBe(true);
      expect(page.samples.rust, page.name).toContain('let base_url = sigil_env("BASE_URL", "https://api.sigil.example");');
    }
    // Enum variants and snake_case fields; optional fields in Some.
    const createWallet = operations.find((p) => p.name === 'create_wallet')!;
    expect(createWallet.samples.rust).toContain('curve: Curve::Secp256k1,');
    expect(createWallet.samples.rust).toContain('mnemonic_length: Some(MnemonicLength::V12),');
    expect(createWallet.samples.rust).toContain('done.activity.result.create_wallet_result');
  });
});
