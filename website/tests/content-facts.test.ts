/**
 * Keeps the facts written into the getting-started, API overview, FAQ and ecosystem pages equal
 * to their sources: the API document, the stamper's test vector and the policy language. A page
 * that names an enum value, an operation or a policy field the API does not have fails here.
 */
import {createHash} from 'node:crypto';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {TEST_VECTOR} from '@sigil/api-key-stamper';
import {CONTEXT_FIELDS, check, parse} from '@sigil/policy';
import {describe, expect, it} from 'vitest';

const docs = join(__dirname, '..', 'docs');
const read = (page: string): string => readFileSync(join(docs, page), 'utf8');

const PAGES = [
  'getting-started/embedded-wallet-quickstart.mdx',
  'getting-started/signing-automation-quickstart.mdx',
  'getting-started/examples.mdx',
  'getting-started/launch-checklist.mdx',
  'getting-started/resource-limits.mdx',
  'api-overview/introduction.mdx',
  'api-overview/queries.mdx',
  'api-overview/submissions.mdx',
  'api-overview/stamps.mdx',
  'api-overview/errors.mdx',
  'faq.mdx',
  'documentation/ecosystem-integrations/index.mdx',
  'ecosystems/ethereum.mdx',
  'ecosystems/solana.mdx',
  'ecosystems/bitcoin.mdx',
  'ecosystems/others.mdx',
];

type Json = {content: {'application/json': {schema: {$ref: string}}}};
interface Operation {
  post: {
    'x-sigil-kind': 'query' | 'submission';
    'x-sigil-activity-type'?: string;
    'x-sigil-result'?: string;
    requestBody: Json;
    responses: {'200': Json};
  };
}
interface Schema {
  enum?: unknown[];
  properties?: Record<string, unknown>;
  required?: string[];
}
interface Document {
  paths: Record<string, Operation>;
  components: {schemas: Record<string, Schema>};
}

const require = createRequire(__filename);
const spec = JSON.parse(readFileSync(require.resolve('@sigil/api-spec/openapi.json'), 'utf8')) as Document;

const enumValues = new Set(
  Object.values(spec.components.schemas).flatMap((schema) => (schema.enum ?? []).filter((v) => typeof v === 'string')),
);
const operations = Object.entries(spec.paths).map(([path, item]) => ({name: path.split('/').pop()!, ...item.post}));
const operationNames = new Set(operations.map((o) => o.name));

/** The fenced code block that carries `title="<title>"`. */
function codeBlock(page: string, title: string): string {
  const text = read(page);
  const fence = new RegExp('```\\w+ title="' + title.replace(/\./g, '\\.') + '"[^\\n]*\\n([\\s\\S]*?)\\n```').exec(text);
  if (!fence) throw new Error(`${page} has no code block titled ${title}`);
  return fence[1]!;
}

describe('every page of the section', () => {
  it.each(PAGES)('%s names only enum values of the API document', (page) => {
    const prefixes =
      'ACTIVITY_TYPE|ACTIVITY_STATUS|ADDRESS_FORMAT|CURVE|HASH_FUNCTION|PAYLOAD_ENCODING|TRANSACTION_TYPE|PATH_FORMAT|FEATURE_NAME|CREDENTIAL_TYPE|API_KEY_CURVE|SIGNATURE_SCHEME|EFFECT|AUTHENTICATOR_TRANSPORT|MNEMONIC_LANGUAGE|OTP_TYPE|ACCESS_TYPE|VOTE_SELECTION|TAG_TYPE';
    const found = [...read(page).matchAll(new RegExp(`\\b(?:${prefixes})_[A-Z0-9_]*[A-Z0-9](?![\\w<*])`, 'g'))].map((m) => m[0]);
    const unknown = [...new Set(found)].filter((v) => !enumValues.has(v));
    expect(unknown).toEqual([]);
  });

  it.each(PAGES)('%s names only operations the API has', (page) => {
    const verbs = 'get|list|create|delete|update|sign|export|import|init|approve|reject|set|remove|email|otp|recover';
    const found = [...read(page).matchAll(new RegExp(`\`((?:${verbs})_[a-z_]+)\``, 'g'))].map((m) => m[1]!);
    const unknown = [...new Set(found)].filter((name) => !operationNames.has(name) && name !== 'email_auth');
    expect(unknown).toEqual([]);
  });

  it.each(PAGES)('%s names only policy context fields the engine knows', (page) => {
    const known = new Set(CONTEXT_FIELDS.map((f) => f.path));
    const found = [...read(page).matchAll(/`((?:eth|solana)\.tx(?:\.[a-z_]+|\[\])*)`/g)].map((m) => m[1]!);
    const unknown = [...new Set(found)].filter((path) => !known.has(path));
    expect(unknown).toEqual([]);
  });
});

describe('api-overview/stamps', () => {
  const page = read('api-overview/stamps.mdx');

  it('shows the test vector of @sigil/api-key-stamper byte for byte', () => {
    expect(page).toContain(TEST_VECTOR.privateKey);
    expect(page).toContain(TEST_VECTOR.publicKey);
    expect(page).toContain(TEST_VECTOR.body);
    expect(page).toContain(TEST_VECTOR.signature);
    expect(page).toContain(TEST_VECTOR.stampHeaderValue);
    expect(page).toContain(`${Buffer.byteLength(TEST_VECTOR.body)} bytes`);
  });

  it('shows the digest, the decoded stamp and the WebAuthn challenge of that body', () => {
    const digest = createHash('sha256').update(TEST_VECTOR.body, 'utf8').digest();
    expect(page).toContain(digest.toString('hex'));
    expect(page).toContain(digest.toString('base64url'));
    const stampJson = Buffer.from(TEST_VECTOR.stampHeaderValue, 'base64url').toString('utf8');
    expect(page).toContain(stampJson);
    expect(page).toContain(`Stamp JSON (${Buffer.byteLength(stampJson)} bytes)`);
  });

  it('has a node:crypto verifier that accepts the worked example', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sigil-stamp-'));
    try {
      const file = join(dir, 'verify-stamp.ts');
      writeFileSync(file, codeBlock('api-overview/stamps.mdx', 'verify-stamp.ts'));
      // The program throws when the stamp does not verify.
      await expect(import(pathToFileURL(file).href)).resolves.toBeDefined();
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

/** RFC 8785 canonical JSON for the plain values the examples use (strings, integers, objects, arrays). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('api-overview/submissions', () => {
  it('shows the fingerprint the document defines for its example activity', () => {
    const {activity} = JSON.parse(codeBlock('api-overview/submissions.mdx', '200 OK')) as {
      activity: {id: string; organizationId: string; type: string; intent: unknown; fingerprint: string};
    };
    const {id, organizationId, type, intent} = activity;
    const digest = createHash('sha256').update(canonicalJson({id, organizationId, type, intent}), 'utf8').digest('hex');
    expect(activity.fingerprint).toBe(`sha256:${digest}`);
  });

  it('lists every submission with its activity type and result key', () => {
    const rows = [...read('api-overview/submissions.mdx').matchAll(/^\| `([a-z_]+)` \| `(ACTIVITY_TYPE_[A-Z0-9_]+)` \| `(\w+)` \|$/gm)].map(
      ([, name, type, result]) => ({name, type, result}),
    );
    const expected = operations
      .filter((o) => o['x-sigil-kind'] === 'submission')
      .map((o) => {
        const result = o['x-sigil-result']!;
        return {name: o.name, type: o['x-sigil-activity-type'], result: result[0]!.toLowerCase() + result.slice(1)};
      });
    expect(expected).toHaveLength(52);
    expect(rows).toEqual(expected);
  });
});

describe('api-overview/queries', () => {
  const schemaOf = (body: Json): Schema => spec.components.schemas[body.content['application/json'].schema.$ref.split('/').pop()!]!;
  const codes = (cell: string): string[] => [...cell.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]!);

  it('lists every query with its request fields and answer fields', () => {
    const rows = [...read('api-overview/queries.mdx').matchAll(/^\| `([a-z_]+)` \| ([^|]+) \| ([^|]+) \|$/gm)].map(
      ([, name, request, answer]) => ({name, request: codes(request!).sort(), answer: codes(answer!).filter((f) => !/^(features|quorum)$/.test(f))}),
    );
    const expected = operations
      .filter((o) => o['x-sigil-kind'] === 'query')
      .map((o) => {
        const request = schemaOf(o.requestBody);
        return {
          name: o.name,
          request: Object.keys(request.properties ?? {})
            .filter((f) => f !== 'organizationId')
            .sort(),
          answer: Object.keys(schemaOf(o.responses['200']).properties ?? {}),
        };
      });
    expect(expected).toHaveLength(23);
    expect([...rows].sort((a, b) => a.name!.localeCompare(b.name!))).toEqual(
      [...expected].sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});

describe('getting-started/signing-automation-quickstart', () => {
  it('writes a policy condition that parses and checks', () => {
    const code = codeBlock('getting-started/signing-automation-quickstart.mdx', 'create-policy.ts');
    const template = /const condition = `([^`]+)`/.exec(code)?.[1];
    expect(template).toBeDefined();
    const condition = template!.replace(/\$\{[^}]+\}/g, 'f3b0c9a4-2d71-4c1e-9f55-7a1e3c8d2b60');
    expect(() => parse(condition)).not.toThrow();
    expect(check(parse(condition))).toEqual([]);
  });
});

describe('policy expressions shown on the pages', () => {
  const blocks = PAGES.flatMap((page) =>
    [...read(page).matchAll(/```text title="(condition|consensus)"\n([\s\S]*?)\n```/g)].map(([, kind, source]) => ({
      page,
      kind: kind!,
      source: source!,
    })),
  );

  it('includes the ecosystem examples', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  it.each(blocks.map((b) => [`${b.page} ${b.kind}`, b.source] as const))('%s parses and checks', (_name, source) => {
    expect(check(parse(source))).toEqual([]);
  });
});
