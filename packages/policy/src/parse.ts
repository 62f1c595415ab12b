import type { Expr } from './ast.js';
import { PolicyError } from './errors.js';
import { parse as peggyParse, SyntaxError as PeggySyntaxError } from './generated/parser.js';

/** Parses an expression into an AST whose nodes carry source spans. Throws PolicyError (code SYNTAX). */
export function parse(src: string): Expr {
  try {
    return peggyParse(src);
  } catch (e) {
    if (e instanceof PeggySyntaxError) {
      const { start, end } = e.location;
      throw new PolicyError('SYNTAX', syntaxMessage(e), {
        start: { offset: start.offset, line: start.line, column: start.column },
        end: { offset: end.offset, line: end.line, column: end.column },
      });
    }
    throw e;
  }
}

function syntaxMessage(e: PeggySyntaxError): string {
  const found = e.found == null ? 'end of input' : `"${e.found}"`;
  let names = new Set<string>();
  for (const x of e.expected) {
    if (x.type === 'literal') names.add(`"${x.text}"`);
    else if (x.type === 'other') names.add(x.description);
    else if (x.type === 'end') names.add('end of input');
  }
  // Whitespace is allowed almost everywhere; listing it only adds noise.
  names.delete('whitespace');
  // When every way to start a value is possible, say so in two words instead of ten alternatives.
  const starters = ['number', 'string', '"true"', '"false"', '"null"', '"["', 'name', '"("'];
  if (starters.every((x) => names.has(x))) {
    for (const x of [...starters, '"!"', '"-"']) names.delete(x);
    names = new Set(['an expression', ...names]);
  }
  const expected = [...names];
  if (expected.length === 0) return `Unexpected ${found}.`;
  const list = expected.length === 1 ? expected[0] : `${expected.slice(0, -1).join(', ')} or ${expected[expected.length - 1]}`;
  return `Expected ${list} but found ${found}.`;
}
