import type { Expr, LiteralValue } from './ast.js';
import { contextField } from './context-fields.js';
import { PolicyError } from './errors.js';
import { print } from './print.js';

export const SELECTOR_OPERATORS = [
  'OPERATOR_EQUAL',
  'OPERATOR_MORE_THAN',
  'OPERATOR_MORE_THAN_OR_EQUAL',
  'OPERATOR_LESS_THAN',
  'OPERATOR_LESS_THAN_OR_EQUAL',
  'OPERATOR_CONTAINS',
  'OPERATOR_NOT_EQUAL',
  'OPERATOR_IN',
  'OPERATOR_NOT_IN',
  'OPERATOR_CONTAINS_ONE',
  'OPERATOR_CONTAINS_ALL',
] as const;
export type SelectorOperator = (typeof SELECTOR_OPERATORS)[number];

/** The older policy form: one subject field, an operator and a target (or targets). */
export interface Selector {
  subject: string;
  operator: SelectorOperator;
  target?: string;
  targets?: string[];
}

const BINARY: Partial<Record<SelectorOperator, '==' | '!=' | '>' | '>=' | '<' | '<='>> = {
  OPERATOR_EQUAL: '==',
  OPERATOR_NOT_EQUAL: '!=',
  OPERATOR_MORE_THAN: '>',
  OPERATOR_MORE_THAN_OR_EQUAL: '>=',
  OPERATOR_LESS_THAN: '<',
  OPERATOR_LESS_THAN_OR_EQUAL: '<=',
};

function subjectExpr(subject: string): Expr {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(subject)) {
    throw new PolicyError('SYNTAX', `Selector subject \`${subject}\` is not a dotted field path.`);
  }
  const [root, ...rest] = subject.split('.');
  return rest.reduce<Expr>((object, property) => ({ type: 'Member', object, property }), { type: 'Identifier', name: root as string });
}

/** Targets are strings in the selector form; integer fields (e.g. `eth.tx.value`) get integer literals. */
function targetLiteral(subject: string, target: string): Expr {
  const field = contextField(subject);
  const numeric = field?.type === 'integer' || field?.type === 'list<integer>';
  if (numeric && /^-?[0-9]+$/.test(target)) {
    const value = BigInt(target);
    return value < 0n
      ? { type: 'Unary', operator: '-', operand: { type: 'Literal', value: -value } }
      : { type: 'Literal', value };
  }
  return { type: 'Literal', value: target satisfies LiteralValue };
}

/** Converts a selector into an equivalent expression AST. */
export function selectorToExpr(selector: Selector): Expr {
  const subject = subjectExpr(selector.subject);
  const one = (): Expr => {
    if (selector.target === undefined) {
      throw new PolicyError('SYNTAX', `Selector operator ${selector.operator} needs a \`target\`.`);
    }
    return targetLiteral(selector.subject, selector.target);
  };
  const many = (): Expr => {
    const targets = selector.targets ?? (selector.target === undefined ? undefined : [selector.target]);
    if (targets === undefined) throw new PolicyError('SYNTAX', `Selector operator ${selector.operator} needs \`targets\`.`);
    return { type: 'List', items: targets.map((t) => targetLiteral(selector.subject, t)) };
  };
  const op = selector.operator;
  const binary = BINARY[op];
  if (binary) return { type: 'Binary', operator: binary, left: subject, right: one() };
  switch (op) {
    case 'OPERATOR_CONTAINS':
      return { type: 'Call', object: subject, method: 'contains', args: [one()] };
    case 'OPERATOR_IN':
      return { type: 'Binary', operator: 'in', left: subject, right: many() };
    case 'OPERATOR_NOT_IN':
      return { type: 'Unary', operator: '!', operand: { type: 'Binary', operator: 'in', left: subject, right: many() } };
    case 'OPERATOR_CONTAINS_ONE':
      return { type: 'Call', object: subject, method: 'containsOne', args: [many()] };
    case 'OPERATOR_CONTAINS_ALL':
      return { type: 'Call', object: subject, method: 'containsAll', args: [many()] };
    default:
      throw new PolicyError('SYNTAX', `Unknown selector operator \`${String(op)}\`. Known: ${SELECTOR_OPERATORS.join(', ')}.`);
  }
}

/** Converts a selector into expression source, e.g. `{subject:'wallet.id', operator:'OPERATOR_EQUAL', target:'w1'}` → `wallet.id == 'w1'`. */
export function selectorToExpression(selector: Selector): string {
  return print(selectorToExpr(selector));
}

/** A list of selectors means all of them must hold: the expressions joined with `&&`. */
export function selectorsToExpression(selectors: readonly Selector[]): string {
  if (selectors.length === 0) return 'true';
  const exprs = selectors.map(selectorToExpr);
  const [first, ...rest] = exprs;
  return print(rest.reduce<Expr>((left, right) => ({ type: 'Binary', operator: '&&', left, right }), first as Expr));
}
