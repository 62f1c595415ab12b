/**
 * Keeps the API names written on the SDK reference pages (docs/sdks/**) equal to the API document:
 * every enum-like constant (`ADDRESS_FORMAT_…`, `HASH_FUNCTION_…`, `ACTIVITY_TYPE_…`, …) must be an
 * enum value of some schema, and every snake_case operation name in code font (`sign_transaction`)
 * must be the last segment of an operation's path. A page that names a value the API lacks fails here.
 */
import {readFileSync, readdirSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join, relative} from 'node:path';
import {describe, expect, it} from 'vitest';

const sdks = join(__dirname, '..', 'docs', 'sdks');

interface Document {
  paths: Record<string, unknown>;
  components: {schemas: Record<string, {enum?: unknown[]}>};
}

const require = createRequire(__filename);
const spec = JSON.parse(readFileSync(require.resolve('@sigil/api-spec/openapi.json'), 'utf8')) as Document;
const enumValues = new Set(Object.values(spec.components.schemas).flatMap((schema) => schema.enum ?? []));
const operationNames = new Set(Object.keys(spec.paths).map((path) => path.split('/').pop()!));

/**
 * Values a page documents before the API document has them. Each entry says why; remove it once
 * the value is in the document (the test then keeps it there).
 */
const PENDING_IN_API_DOCUMENT: Record<string, string> = {};

const CONSTANT =
  /\b(?:ACTIVITY_TYPE|ACTIVITY_STATUS|ADDRESS_FORMAT|CURVE|HASH_FUNCTION|PAYLOAD_ENCODING|TRANSACTION_TYPE|API_KEY_CURVE|AUTHENTICATOR_TRANSPORT|PATH_FORMAT|SIGNATURE_SCHEME|FEATURE_NAME|EFFECT|OPERATOR|OTP_TYPE|MNEMONIC_LANGUAGE)_[A-Z0-9_]+\b/g;
const OPERATION =
  /`((?:get|list|create|delete|update|sign|export|import|init|approve|reject|set|remove|email|otp|oauth|recover)_[a-z0-9_]+)`/g;

function pages(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) =>
    entry.isDirectory() ? pages(join(dir, entry.name)) : entry.name.endsWith('.mdx') ? [join(dir, entry.name)] : [],
  );
}

describe('SDK pages name only what the API document defines', () => {
  const files = pages(sdks);

  it('finds the SDK pages', () => {
    expect(files.length).toBeGreaterThanOrEqual(24);
  });

  for (const file of files) {
    const page = relative(sdks, file);
    it(page, () => {
      const text = readFileSync(file, 'utf8');
      const unknown = new Set<string>();
      for (const [value] of text.matchAll(CONSTANT)) {
        if (!enumValues.has(value) && PENDING_IN_API_DOCUMENT[value] !== page) unknown.add(value);
      }
      for (const [, name] of text.matchAll(OPERATION)) {
        if (!operationNames.has(name!)) unknown.add(name!);
      }
      expect([...unknown], `${page} names values the API document does not have`).toEqual([]);
    });
  }

  it('lists only pending values the API document still lacks', () => {
    const nowDefined = Object.keys(PENDING_IN_API_DOCUMENT).filter((value) => enumValues.has(value));
    expect(nowDefined, 'these are in the API document now: remove them from PENDING_IN_API_DOCUMENT').toEqual([]);
  });
});
