import type { Expr } from './ast.js';
import { check } from './check.js';
import type { Context, ContextInput, Value } from './context.js';
import { normalizeContext } from './context.js';
import { PolicyError } from './errors.js';

/** A field that the request does not carry (e.g. `eth.tx` on a Solana activity). */
const MISSING = Symbol('missing');
type RValue = Value | typeof MISSING;

type Scope = ReadonlyMap<string, Value>;

function kind(v: RValue): string {
  if (v === MISSING) return 'a missing value';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'bigint') return 'an integer';
  if (typeof v === 'number') return 'a float';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

const absent = (v: RValue): v is typeof MISSING | null => v === MISSING || v === null;
const isNumber = (v: RValue): v is bigint | number => typeof v === 'bigint' || typeof v === 'number';
const isRecord = (v: RValue): v is { [key: string]: Value } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Exact numeric comparison across bigint and float: -1, 0 or 1. */
function compareNumbers(a: bigint | number, b: bigint | number): number {
  if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number') return -compareNumbers(b, a);
  // a is bigint, b is a float: compare a with floor(b), then the fraction decides ties.
  const fb = b as number;
  if (!Number.isFinite(fb)) return fb > 0 ? -1 : 1;
  const floor = BigInt(Math.floor(fb));
  if (a < floor) return -1;
  if (a > floor) return 1;
  return fb === Math.floor(fb) ? 0 : -1;
}

function fail(message: string, node: Expr): never {
  throw new PolicyError('TYPE', message, node.span);
}

/** Equality of two present values; values of different kinds are a type error, except null. */
function equals(a: Value, b: Value, node: Expr): boolean {
  if (a === null || b === null) return a === b;
  if (isNumber(a) && isNumber(b)) return compareNumbers(a, b) === 0;
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => equals(x, b[i] as Value, node));
  }
  return fail(`Cannot compare ${kind(a)} with ${kind(b)}.`, node);
}

function includes(list: Value[], item: Value, node: Expr): boolean {
  return list.some((x) => equals(x, item, node));
}

/** A missing value or null used as a condition counts as false. */
function truthy(v: RValue, node: Expr, what: string): boolean {
  if (absent(v)) return false;
  if (typeof v === 'boolean') return v;
  return fail(`${what} must be true or false, but it is ${kind(v)}.`, node);
}

function listOf(v: RValue, node: Expr, what: string): Value[] | typeof MISSING {
  if (absent(v)) return MISSING;
  if (Array.isArray(v)) return v;
  return fail(`${what} needs a list, but this is ${kind(v)}.`, node);
}

function stringOf(v: RValue, node: Expr, what: string): string | typeof MISSING {
  if (absent(v)) return MISSING;
  if (typeof v === 'string') return v;
  return fail(`${what} needs a string, but this is ${kind(v)}.`, node);
}

function run(node: Expr, ctx: Context, scope: Scope): RValue {
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'List':
      return node.items.map((i) => {
        const v = run(i, ctx, scope);
        return v === MISSING ? null : v;
      });
    case 'Identifier': {
      if (scope.has(node.name)) return scope.get(node.name) as Value;
      const v = ctx[node.name];
      return v === undefined ? MISSING : v;
    }
    case 'Member': {
      const obj = run(node.object, ctx, scope);
      if (absent(obj)) return MISSING;
      if (!isRecord(obj)) return fail(`Cannot read \`.${node.property}\` of ${kind(obj)}.`, node);
      const v = obj[node.property];
      return v === undefined ? MISSING : v;
    }
    case 'Quantifier': {
      const list = listOf(run(node.object, ctx, scope), node.object, `\`${node.quantifier}\``);
      // Quantifying over a missing list is false (and filter gives a missing list).
      if (list === MISSING) return node.quantifier === 'filter' ? MISSING : false;
      const test = (item: Value) => {
        const inner = new Map(scope);
        inner.set(node.variable, item);
        return truthy(run(node.body, ctx, inner), node.body, `The condition of \`${node.quantifier}\``);
      };
      if (node.quantifier === 'any') return list.some(test);
      if (node.quantifier === 'all') return list.every(test);
      return list.filter(test);
    }
    case 'Call':
      return call(node, ctx, scope);
    case 'Unary': {
      const v = run(node.operand, ctx, scope);
      if (node.operator === '!') return !truthy(v, node.operand, 'The operand of `!`');
      if (absent(v)) return MISSING;
      if (typeof v === 'bigint') return -v;
      if (typeof v === 'number') return -v;
      return fail(`\`-\` needs a number, but this is ${kind(v)}.`, node.operand);
    }
    case 'Binary': {
      const op = node.operator;
      if (op === '&&') {
        return truthy(run(node.left, ctx, scope), node.left, 'The left side of `&&`') &&
          truthy(run(node.right, ctx, scope), node.right, 'The right side of `&&`');
      }
      if (op === '||') {
        return truthy(run(node.left, ctx, scope), node.left, 'The left side of `||`') ||
          truthy(run(node.right, ctx, scope), node.right, 'The right side of `||`');
      }
      const l = run(node.left, ctx, scope);
      const r = run(node.right, ctx, scope);
      if (l === MISSING || r === MISSING) {
        // A missing value is "null" for null tests; every other comparison with it is false.
        const other = l === MISSING ? r : l;
        if (other === null || other === MISSING) return op === '==';
        return false;
      }
      switch (op) {
        case '==':
          return equals(l, r, node);
        case '!=':
          return !equals(l, r, node);
        case 'in': {
          if (r === null || l === null) return false;
          if (!Array.isArray(r)) return fail(`\`in\` needs a list on the right, but this is ${kind(r)}.`, node.right);
          return includes(r, l, node);
        }
        default: {
          if (l === null || r === null) return false;
          let c: number;
          if (isNumber(l) && isNumber(r)) c = compareNumbers(l, r);
          else if (typeof l === 'string' && typeof r === 'string') c = l < r ? -1 : l > r ? 1 : 0;
          else return fail(`\`${op}\` compares two numbers or two strings, not ${kind(l)} and ${kind(r)}.`, node);
          return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : c >= 0;
        }
      }
    }
  }
}

function call(node: Expr & { type: 'Call' }, ctx: Context, scope: Scope): RValue {
  const recv = run(node.object, ctx, scope);
  const args = node.args.map((a) => run(a, ctx, scope));
  const arg0 = args[0];
  const argNode = node.args[0] ?? node;
  const m = `\`${node.method}\``;
  switch (node.method) {
    case 'contains': {
      if (absent(recv) || arg0 === undefined || absent(arg0)) return false;
      if (typeof recv === 'string') {
        const s = stringOf(arg0, argNode, m);
        return s !== MISSING && recv.includes(s);
      }
      if (Array.isArray(recv)) return includes(recv, arg0, node);
      return fail(`${m} works on a string or a list, not on ${kind(recv)}.`, node);
    }
    case 'containsOne':
    case 'containsAll': {
      const list = listOf(recv, node.object, m);
      const wanted = listOf(arg0 ?? MISSING, argNode, m);
      if (list === MISSING || wanted === MISSING) return false;
      const has = (x: Value) => includes(list, x, node);
      return node.method === 'containsOne' ? wanted.some(has) : wanted.every(has);
    }
    case 'startsWith':
    case 'endsWith': {
      const s = stringOf(recv, node.object, m);
      const affix = stringOf(arg0 ?? MISSING, argNode, m);
      if (s === MISSING || affix === MISSING) return false;
      return node.method === 'startsWith' ? s.startsWith(affix) : s.endsWith(affix);
    }
    case 'lower': {
      const s = stringOf(recv, node.object, m);
      return s === MISSING ? MISSING : s.toLowerCase();
    }
    case 'count': {
      const list = listOf(recv, node.object, m);
      return list === MISSING ? MISSING : BigInt(list.length);
    }
    default:
      throw new PolicyError('UNKNOWN_METHOD', `Unknown method ${m}.`, node.span);
  }
}

/**
 * Evaluates a condition against a request context. Runs `check` first and throws its first
 * error, so an unknown field or a type mismatch is never a silent false. Throws PolicyError.
 */
export function evaluate(expr: Expr, ctx: ContextInput): boolean {
  const problems = check(expr);
  if (problems[0]) throw problems[0];
  return evaluateChecked(expr, normalizeContext(ctx));
}

/** Evaluates an expression that already passed `check`, on an already normalized context. */
export function evaluateChecked(expr: Expr, ctx: Context): boolean {
  return truthy(run(expr, ctx, new Map()), expr, 'An expression');
}
