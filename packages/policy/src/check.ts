import type { Expr } from './ast.js';
import { isComparison } from './ast.js';
import type { ContextField } from './context-fields.js';
import { childFields, contextField, ROOT_FIELDS } from './context-fields.js';
import { PolicyError } from './errors.js';
import { METHODS, methodInfo, QUANTIFIERS } from './methods.js';
import { didYouMean } from './suggest.js';

/** Static types. `unknown` means "decided at run time" and never causes an error by itself. */
type SType =
  | { k: 'string'; field?: ContextField }
  | { k: 'integer' }
  | { k: 'float' }
  | { k: 'boolean' }
  | { k: 'null' }
  | { k: 'unknown' }
  | { k: 'list'; elem: SType }
  | { k: 'object'; path: string };

const UNKNOWN: SType = { k: 'unknown' };
const BOOLEAN: SType = { k: 'boolean' };

function describe(t: SType): string {
  switch (t.k) {
    case 'list':
      return t.elem.k === 'unknown' ? 'a list' : `a list of ${plural(t.elem)}`;
    case 'object':
      return `an object (${t.path})`;
    case 'integer':
      return 'an integer';
    case 'unknown':
      return 'a value';
    case 'null':
      return 'null';
    default:
      return `a ${t.k}`;
  }
}

function plural(t: SType): string {
  if (t.k === 'object') return 'objects';
  if (t.k === 'list') return 'lists';
  return `${t.k}s`;
}

function fieldType(field: ContextField): SType {
  switch (field.type) {
    case 'string':
      return { k: 'string', field };
    case 'integer':
      return { k: 'integer' };
    case 'boolean':
      return BOOLEAN;
    case 'object':
      return { k: 'object', path: field.path };
    case 'list<string>':
      return { k: 'list', elem: { k: 'string' } };
    case 'list<integer>':
      return { k: 'list', elem: { k: 'integer' } };
    case 'list<object>':
      return { k: 'list', elem: { k: 'object', path: `${field.path}[]` } };
  }
}

const isNumeric = (t: SType) => t.k === 'integer' || t.k === 'float';
const isOpen = (t: SType) => t.k === 'unknown';

function comparable(a: SType, b: SType): boolean {
  if (isOpen(a) || isOpen(b) || a.k === 'null' || b.k === 'null') return true;
  if (isNumeric(a) && isNumeric(b)) return true;
  if (a.k === 'list' && b.k === 'list') return comparable(a.elem, b.elem);
  if (a.k === 'object' || b.k === 'object') return false;
  return a.k === b.k;
}

class Checker {
  readonly errors: PolicyError[] = [];

  private fail(code: PolicyError['code'], message: string, node: Expr): SType {
    this.errors.push(new PolicyError(code, message, node.span));
    return UNKNOWN;
  }

  infer(node: Expr, scope: ReadonlyMap<string, SType>): SType {
    switch (node.type) {
      case 'Literal': {
        const v = node.value;
        if (v === null) return { k: 'null' };
        if (typeof v === 'string') return { k: 'string' };
        if (typeof v === 'bigint') return { k: 'integer' };
        if (typeof v === 'number') return { k: 'float' };
        return BOOLEAN;
      }
      case 'List': {
        const items = node.items.map((i) => this.infer(i, scope));
        const first = items[0];
        const same = first !== undefined && items.every((t) => t.k === first.k && t.k !== 'list' && t.k !== 'object');
        return { k: 'list', elem: same ? { k: first.k } as SType : UNKNOWN };
      }
      case 'Identifier': {
        const bound = scope.get(node.name);
        if (bound) return bound;
        const field = contextField(node.name);
        if (field) return fieldType(field);
        const names = [...scope.keys(), ...ROOT_FIELDS];
        return this.fail(
          'UNKNOWN_FIELD',
          `Unknown name \`${node.name}\`.${didYouMean(node.name, names)} An expression starts from one of: ${names.join(', ')}.`,
          node,
        );
      }
      case 'Member': {
        const obj = this.infer(node.object, scope);
        if (isOpen(obj)) return UNKNOWN;
        if (obj.k === 'object') {
          const field = contextField(`${obj.path}.${node.property}`);
          if (field) return fieldType(field);
          const known = childFields(obj.path);
          return this.fail(
            'UNKNOWN_FIELD',
            `\`${obj.path}\` has no field \`${node.property}\`.${didYouMean(node.property, known)} Its fields are: ${known.join(', ')}.`,
            node,
          );
        }
        if (obj.k === 'list') {
          return this.fail(
            'TYPE',
            `Cannot read \`.${node.property}\` of a list. Look inside it with a quantifier, e.g. \`list.any(x, x.${node.property} == …)\`.`,
            node,
          );
        }
        return this.fail('TYPE', `Cannot read \`.${node.property}\` of ${describe(obj)}: it has no fields.`, node);
      }
      case 'Call':
        return this.inferCall(node, scope);
      case 'Quantifier': {
        const list = this.infer(node.object, scope);
        let elem: SType = UNKNOWN;
        if (list.k === 'list') elem = list.elem;
        else if (!isOpen(list) && list.k !== 'null') {
          this.fail('TYPE', `\`${node.quantifier}\` needs a list, but this is ${describe(list)}.`, node.object);
        }
        const inner = new Map(scope);
        inner.set(node.variable, elem);
        const body = this.infer(node.body, inner);
        this.expectCondition(body, node.body, `The condition of \`${node.quantifier}\``);
        return node.quantifier === 'filter' ? (list.k === 'list' ? list : { k: 'list', elem }) : BOOLEAN;
      }
      case 'Unary': {
        const t = this.infer(node.operand, scope);
        if (node.operator === '!') {
          this.expectCondition(t, node.operand, 'The operand of `!`');
          return BOOLEAN;
        }
        if (!isOpen(t) && !isNumeric(t) && t.k !== 'null') {
          return this.fail('TYPE', `\`-\` needs a number, but this is ${describe(t)}.`, node.operand);
        }
        return t;
      }
      case 'Binary': {
        const l = this.infer(node.left, scope);
        const r = this.infer(node.right, scope);
        if (!isComparison(node.operator)) {
          this.expectCondition(l, node.left, `The left side of \`${node.operator}\``);
          this.expectCondition(r, node.right, `The right side of \`${node.operator}\``);
          return BOOLEAN;
        }
        this.checkComparison(node, l, r);
        return BOOLEAN;
      }
    }
  }

  expectCondition(t: SType, node: Expr, what: string): void {
    if (t.k === 'boolean' || t.k === 'null' || isOpen(t)) return;
    this.fail('TYPE', `${what} must be true or false, but it is ${describe(t)}.`, node);
  }

  private checkComparison(node: Expr & { type: 'Binary' }, l: SType, r: SType): void {
    const op = node.operator;
    if (op === 'in') {
      if (r.k !== 'list') {
        if (!isOpen(r) && r.k !== 'null') {
          const hint = r.k === 'string' ? ' For a substring test use `.contains(…)`.' : '';
          this.fail('TYPE', `\`in\` needs a list on the right, but this is ${describe(r)}.${hint}`, node.right);
        }
        return;
      }
      if (!comparable(l, r.elem)) {
        this.fail('TYPE', `Cannot look for ${describe(l)} in ${describe(r)}.`, node);
        return;
      }
      if (node.right.type === 'List') {
        for (const item of node.right.items) this.checkEnumValue(l, item);
      }
      return;
    }
    if (op === '==' || op === '!=') {
      if (!comparable(l, r)) {
        this.fail('TYPE', `Cannot compare ${describe(l)} with ${describe(r)} using \`${op}\`.`, node);
        return;
      }
      this.checkEnumValue(l, node.right);
      this.checkEnumValue(r, node.left);
      return;
    }
    const ordered = (t: SType) => isOpen(t) || isNumeric(t) || t.k === 'string' || t.k === 'null';
    if (!ordered(l) || !ordered(r) || (l.k === 'string' && isNumeric(r)) || (isNumeric(l) && r.k === 'string')) {
      this.fail('TYPE', `\`${op}\` compares two numbers or two strings, not ${describe(l)} and ${describe(r)}.`, node);
    }
  }

  /** A string literal compared with an enumerated field must be one of its values. */
  private checkEnumValue(t: SType, other: Expr): void {
    if (t.k !== 'string' || !t.field?.values || other.type !== 'Literal' || typeof other.value !== 'string') return;
    if (t.field.values.includes(other.value)) return;
    this.fail(
      'UNKNOWN_VALUE',
      `'${other.value}' is not a value of \`${t.field.path}\`.${didYouMean(other.value, t.field.values)}`,
      other,
    );
  }

  private inferCall(node: Expr & { type: 'Call' }, scope: ReadonlyMap<string, SType>): SType {
    const recv = this.infer(node.object, scope);
    const args = node.args.map((a) => this.infer(a, scope));
    const quantifier = QUANTIFIERS.find((q) => q.name === node.method);
    if (quantifier) {
      return this.fail(
        'ARITY',
        `\`${node.method}\` takes a variable name and a condition, e.g. \`${quantifier.example}\`.`,
        node,
      );
    }
    const info = methodInfo(node.method);
    if (!info) {
      const names = [...METHODS.map((m) => m.name), ...QUANTIFIERS.map((q) => q.name)];
      return this.fail(
        'UNKNOWN_METHOD',
        `Unknown method \`${node.method}\`.${didYouMean(node.method, names)} Methods: ${names.join(', ')}.`,
        node,
      );
    }
    if (args.length !== info.args.length) {
      const n = info.args.length;
      return this.fail(
        'ARITY',
        `\`${info.name}\` takes ${n === 0 ? 'no arguments' : n === 1 ? 'one argument' : `${n} arguments`}, but was given ${args.length}.`,
        node,
      );
    }
    const okReceiver =
      isOpen(recv) ||
      recv.k === 'null' ||
      (info.receiver !== 'list' && recv.k === 'string') ||
      (info.receiver !== 'string' && recv.k === 'list');
    if (!okReceiver) {
      return this.fail('TYPE', `\`${info.name}\` works on ${info.receiver === 'string or list' ? 'a string or a list' : `a ${info.receiver}`}, not on ${describe(recv)}.`, node);
    }
    info.args.forEach((kind, i) => {
      const a = args[i] ?? UNKNOWN;
      const argNode = node.args[i] ?? node;
      if (isOpen(a) || a.k === 'null') return;
      if (kind === 'string' && a.k !== 'string') this.fail('TYPE', `\`${info.name}\` needs a string argument, not ${describe(a)}.`, argNode);
      if (kind === 'list' && a.k !== 'list') this.fail('TYPE', `\`${info.name}\` needs a list argument, e.g. \`['a', 'b']\`, not ${describe(a)}.`, argNode);
      if (kind === 'list' && a.k === 'list' && recv.k === 'list' && !comparable(recv.elem, a.elem)) {
        this.fail('TYPE', `\`${info.name}\` compares ${describe(recv)} with ${describe(a)}.`, argNode);
      }
      if (kind === 'element') {
        const expected = recv.k === 'list' ? recv.elem : recv.k === 'string' ? ({ k: 'string' } as SType) : UNKNOWN;
        if (!comparable(expected, a)) this.fail('TYPE', `\`${info.name}\` on ${describe(recv)} needs ${describe(expected)}, not ${describe(a)}.`, argNode);
        else if (node.args[0]) this.checkEnumValue(expected, node.args[0]);
      }
    });
    if (info.returns === 'integer') return { k: 'integer' };
    if (info.returns === 'string') return { k: 'string' };
    return BOOLEAN;
  }
}

/**
 * Static pass: every name must be a context field from CONTEXT_FIELDS (or a quantifier variable),
 * methods must exist with the right arity, operand types must fit, enumerated fields must be
 * compared with known values, and the whole expression must be a condition. Returns all problems found.
 */
export function check(expr: Expr): PolicyError[] {
  const checker = new Checker();
  const t = checker.infer(expr, new Map());
  checker.expectCondition(t, expr, 'An expression');
  return checker.errors;
}

