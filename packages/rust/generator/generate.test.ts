// The committed Rust sources equal what the generator writes from the bundled API document, and the generator
// covers every operation of it.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collectOperations, generateAll, snake } from './generate.mjs';

const specPath = fileURLToPath(new URL('../../api-spec/dist/openapi.json', import.meta.url));
const srcDir = new URL('../src/', import.meta.url);

async function loadDoc(): Promise<Record<string, any>> {
  return JSON.parse(await readFile(specPath, 'utf8')) as Record<string, any>;
}

describe('packages/rust/generator/generate.mjs', () => {
  it('regenerates exactly the committed files (run node packages/rust/generator/generate.mjs after changing the document)', async () => {
    const generated = generateAll(await loadDoc());
    expect(Object.keys(generated).sort()).toEqual(['error_codes.rs', 'operations.rs', 'types.rs']);
    for (const [file, text] of Object.entries(generated)) {
      const committed = await readFile(new URL(file, srcDir), 'utf8');
      expect(committed, `src/${file} differs from what the generator writes`).toBe(text);
    }
  });

  it('writes one method per operation: 23 queries and 52 submissions', async () => {
    const doc = await loadDoc();
    const operations = collectOperations(doc);
    expect(operations.filter((op: { kind: string }) => op.kind === 'query')).toHaveLength(23);
    expect(operations.filter((op: { kind: string }) => op.kind === 'submission')).toHaveLength(52);
    const source = generateAll(doc)['operations.rs'];
    for (const op of operations as { methodName: string; path: string }[]) {
      expect(source).toContain(`pub async fn ${op.methodName}(`);
      expect(source).toContain(JSON.stringify(op.path));
    }
  });

  it('writes a struct or enum per schema and a typed variant per enum value', async () => {
    const doc = await loadDoc();
    const types = generateAll(doc)['types.rs'];
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, any>)) {
      const declared = schema.enum ? `pub enum ${name} {` : schema.type === 'object' ? `pub struct ${name} {` : `pub type ${name} = String;`;
      expect(types, name).toContain(declared);
      for (const value of schema.enum ?? []) expect(types, `${name} ${value}`).toContain(`    /// \`${value}\``);
    }
  });

  it('names fields and methods in snake_case', () => {
    expect(snake('organizationId')).toBe('organization_id');
    expect(snake('createSubOrganizationResultV7')).toBe('create_sub_organization_result_v7');
    expect(snake('@type')).toBe('type');
    expect(snake('HTTPStatus')).toBe('http_status');
  });

  it('refuses a document it cannot represent, naming the place', async () => {
    const doc = await loadDoc();
    const broken = structuredClone(doc);
    broken.components.schemas.Wallet.properties.walletId = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(() => generateAll(broken)).toThrow(/Wallet\.walletId: composed schemas are not supported/);
    const noKind = structuredClone(doc);
    delete noKind.paths['/public/v1/query/whoami'].post['x-sigil-kind'];
    expect(() => generateAll(noKind)).toThrow(/whoami: x-sigil-kind must be query or submission/);
  });
});
