/** A position in the source text: 0-based offset, 1-based line and column. */
export interface Position {
  offset: number;
  line: number;
  column: number;
}

export interface Span {
  start: Position;
  end: Position;
}

/** Integers are bigint so that wei amounts compare exactly; numbers with a fraction or exponent are floats. */
export type LiteralValue = string | bigint | number | boolean | null;

export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';
export type LogicalOperator = '&&' | '||';
export type BinaryOperator = ComparisonOperator | LogicalOperator;
export type UnaryOperator = '!' | '-';
export type QuantifierName = 'any' | 'all' | 'filter';

// `span` is optional so that hand-built trees (tests, selectorToExpression) need no positions.
export interface LiteralNode {
  type: 'Literal';
  value: LiteralValue;
  span?: Span;
}
export interface ListNode {
  type: 'List';
  items: Expr[];
  span?: Span;
}
export interface IdentifierNode {
  type: 'Identifier';
  name: string;
  span?: Span;
}
export interface MemberNode {
  type: 'Member';
  object: Expr;
  property: string;
  span?: Span;
}
export interface CallNode {
  type: 'Call';
  object: Expr;
  method: string;
  args: Expr[];
  span?: Span;
}
/** `list.any(x, body)`, `list.all(x, body)`, `list.filter(x, body)`. */
export interface QuantifierNode {
  type: 'Quantifier';
  object: Expr;
  quantifier: QuantifierName;
  variable: string;
  body: Expr;
  span?: Span;
}
export interface UnaryNode {
  type: 'Unary';
  operator: UnaryOperator;
  operand: Expr;
  span?: Span;
}
export interface BinaryNode {
  type: 'Binary';
  operator: BinaryOperator;
  left: Expr;
  right: Expr;
  span?: Span;
}

export type Expr =
  | LiteralNode
  | ListNode
  | IdentifierNode
  | MemberNode
  | CallNode
  | QuantifierNode
  | UnaryNode
  | BinaryNode;

export const COMPARISON_OPERATORS: readonly ComparisonOperator[] = ['==', '!=', '<', '<=', '>', '>=', 'in'];

export function isComparison(op: BinaryOperator): op is ComparisonOperator {
  return (COMPARISON_OPERATORS as readonly string[]).includes(op);
}

/** Returns a copy of the tree without `span` fields, for comparing trees by structure. */
export function stripSpans(expr: Expr): Expr {
  switch (expr.type) {
    case 'Literal':
      return { type: 'Literal', value: expr.value };
    case 'List':
      return { type: 'List', items: expr.items.map(stripSpans) };
    case 'Identifier':
      return { type: 'Identifier', name: expr.name };
    case 'Member':
      return { type: 'Member', object: stripSpans(expr.object), property: expr.property };
    case 'Call':
      return { type: 'Call', object: stripSpans(expr.object), method: expr.method, args: expr.args.map(stripSpans) };
    case 'Quantifier':
      return {
        type: 'Quantifier',
        object: stripSpans(expr.object),
        quantifier: expr.quantifier,
        variable: expr.variable,
        body: stripSpans(expr.body),
      };
    case 'Unary':
      return { type: 'Unary', operator: expr.operator, operand: stripSpans(expr.operand) };
    case 'Binary':
      return { type: 'Binary', operator: expr.operator, left: stripSpans(expr.left), right: stripSpans(expr.right) };
  }
}
