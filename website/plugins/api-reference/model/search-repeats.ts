import type {FieldNode, OperationPageData} from '../types';

/**
 * A row on at least this many operation pages is boilerplate of the API's
 * envelope (a submission's `timestampMs`, the activity an answer holds, the
 * error body): it stays on every page but is indexed for search on the pages
 * that explain it (the schema pages and guides), not on each operation.
 */
export const REPEATED_ROW_PAGES = 10;

/** What a row says, its nested fields apart: two rows with the same signature read the same. */
function rowSignature(node: FieldNode): string {
  const {children: _children, unindexedRow: _row, unindexedFields: _fields, ...row} = node;
  return JSON.stringify(row);
}

/** What a nested table says wherever it sits: its rows without their paths, nested tables included. */
function shapeOf(fields: readonly FieldNode[]): string {
  return JSON.stringify(
    fields.map((f) => {
      const {path: _path, unindexedRow: _row, unindexedFields: _fields, children, ...row} = f;
      return {...row, children: children ? shapeOf(children) : undefined};
    }),
  );
}

function* walk(fields: readonly FieldNode[]): Generator<FieldNode> {
  for (const f of fields) {
    yield f;
    if (f.children) yield* walk(f.children);
  }
}

const bodies = (page: OperationPageData): FieldNode[][] => [page.request.fields, page.response.fields, page.error.fields];

/** Whether a field table adds nothing to the index: every row left out, and every nested table. */
function allUnindexed(fields: readonly FieldNode[]): boolean {
  return fields.every((f) => f.unindexedRow && (!f.children?.length || f.unindexedFields));
}

/**
 * Marks the rows of operation pages that the search index leaves out, so a
 * query finds the page that is about its words, not every page that carries
 * the same envelope. On create_wallet, four of every five indexed words were
 * the answer's activity (votes, users, timestamps) and the error body, the
 * same on fifty pages. Left out:
 *   - a row that reads the same on at least REPEATED_ROW_PAGES operation pages;
 *   - a nested table whose rows the page already listed (the intent in the
 *     answer repeats the request's parameters; timestamps repeat everywhere);
 *   - a nested table all of whose rows are left out.
 * The pages look the same; only `data-pagefind-ignore` changes (FieldTable).
 */
export function markSearchRepeats(pages: readonly OperationPageData[]): void {
  const pagesBySignature = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const body of bodies(page)) {
      for (const f of walk(body)) {
        const sig = rowSignature(f);
        let on = pagesBySignature.get(sig);
        if (!on) pagesBySignature.set(sig, (on = new Set()));
        on.add(page.operationId);
      }
    }
  }
  for (const page of pages) {
    const seen = new Set<string>();
    const visit = (fields: readonly FieldNode[]): void => {
      for (const f of fields) {
        if ((pagesBySignature.get(rowSignature(f))?.size ?? 0) >= REPEATED_ROW_PAGES) f.unindexedRow = true;
        if (!f.children?.length) continue;
        const shape = shapeOf(f.children);
        if (seen.has(shape)) {
          f.unindexedFields = true;
          continue;
        }
        seen.add(shape);
        visit(f.children);
        if (allUnindexed(f.children)) f.unindexedFields = true;
      }
    };
    for (const body of bodies(page)) visit(body);
  }
}
