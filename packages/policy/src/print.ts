import type { Expr, LiteralValue } from './ast.js';
import { isComparison } from './ast.js';

// Binding strength, loosest first; used to decide where parentheses are needed.
const OR = 1;
const AND = 2;
const COMPARE = 3;
const UNARY = 4;
const POSTFIX = 5;

function precedence(expr: Expr): number {
  switch (expr.type) {
    case 'Binary':
      if (expr.operator === '||') return OR;
      if (expr.operator === '&&') return AND;
      return COMPARE;
    case 'Unary':
      return UNARY;
    case 'Literal':
      // A negative number prints with a leading minus, so it binds like a unary expression.
      return isNegative(expr.value) ? UNARY : POSTFIX;
    default:
      return POSTFIX;
  }
}

function isNegative(v: LiteralValue): boolean {
  return (typeof v === 'bigint' && v < 0n) || (typeof v === 'number' && (v < 0 || Object.is(v, -0)));
}

function wrap(expr: Expr, min: number): string {
  const text = print(expr);
  return precedence(expr) >= min ? text : `(${text})`;
}

/** Canonical source text: single-quoted strings, single spaces around binary operators, minimal parentheses. */
export function print(expr: Expr): string {
  switch (expr.type) {
    case 'Literal':
      return printLiteral(expr.value);
    case 'List':
      return `[${expr.items.map(print).join(', ')}]`;
    case 'Identifier':
      return expr.name;
    case 'Member':
      return `${wrap(expr.object, POSTFIX)}.${expr.property}`;
    case 'Call':
      return `${wrap(expr.object, POSTFIX)}.${expr.method}(${expr.args.map(print).join(', ')})`;
    case 'Quantifier':
      return `${wrap(expr.object, POSTFIX)}.${expr.quantifier}(${expr.variable}, ${print(expr.body)})`;
    case 'Unary':
      return `${expr.operator}${wrap(expr.operand, UNARY)}`;
    case 'Binary': {
      if (isComparison(expr.operator)) {
        // Comparisons do not chain: both sides must bind tighter.
        return `${wrap(expr.left, UNARY)} ${expr.operator} ${wrap(expr.right, UNARY)}`;
      }
      const p = expr.operator === '||' ? OR : AND;
      // Left-associative: a left operand at the same level needs no parentheses, a right one does.
      return `${wrap(expr.left, p)} ${expr.operator} ${wrap(expr.right, p + 1)}`;
    }
  }
}

export function printLiteral(value: LiteralValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') {
    const text = String(value);
    // Keep floats recognisable as floats so that they parse back to a float, not a bigint.
    return /[.eE]/.test(text) ? text : `${text}.0`;
  }
  return printString(value);
}

function printString(s: string): string {
  let out = "'";
  for (const ch of s) {
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch < ' ' || ch === '\u2028' || ch === '\u2029' || ch === '\u007f') {
      out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
    } else out += ch;
  }
  return `${out}'`;
}
