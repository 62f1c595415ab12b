// The emulator serves @sigil/api-spec's operation catalog and answers its error codes; it keeps no list of
// its own. These fail when a module derives operations or codes from the document a second way.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import catalog from '@sigil/api-spec/catalog.json' with { type: 'json' };
import { ERROR_CODE } from '@sigil/api-spec';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, codeName, httpStatusOf } from './document.js';
import { Code } from './errors.js';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.test(-util)?\.ts$|\.test-d\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the emulator reads the operation catalog', () => {
  it('serves exactly the catalog’s operations, with its kinds, paths, activity types, keys and session rule', () => {
    expect([...OPERATIONS.keys()]).toEqual(catalog.operations.map((op) => op.name));
    for (const op of catalog.operations) {
      const served = OPERATIONS.get(op.name)!;
      expect(
        [served.kind, served.path, served.activityType, served.intentKey, served.resultKey, served.acceptsSession, served.requestRef],
        op.name,
      ).toEqual([op.kind, op.path, op.activityType, op.intentKey, op.resultKey, op.acceptsSession, `#/components/schemas/${op.requestSchema}`]);
    }
  });

  it('answers the catalog’s error codes with their names and HTTP statuses', () => {
    expect(Code).toEqual(ERROR_CODE);
    for (const entry of catalog.errorCodes) {
      expect([codeName(entry.code), httpStatusOf(entry.code)]).toEqual([entry.name, entry.httpStatus]);
    }
  });

  it('no module reads the document’s operation or error-code extensions', () => {
    const readers = sourceFiles(srcDir)
      .filter((file) => /['"]x-(sigil-kind|sigil-activity-type|sigil-intent|sigil-result|error-codes)['"]|\.paths\)/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(srcDir.length));
    expect(readers).toEqual([]);
  });
});
