export type {
  Expr,
  Span,
  Position,
  LiteralValue,
  BinaryOperator,
  ComparisonOperator,
  LogicalOperator,
  UnaryOperator,
  QuantifierName,
} from './ast.js';
export { stripSpans } from './ast.js';
export { PolicyError } from './errors.js';
export type { PolicyErrorCode, PolicyErrorInfo } from './errors.js';
export { parse, parsePolicyExpression } from './parse.js';
export type { ParsedExpression } from './parse.js';
export {
  MAX_EXPRESSION_LENGTH,
  MAX_NESTING_DEPTH,
  PolicyLimitError,
  checkExpressionLimits,
  checkContextJsonLimits,
} from './limits.js';
export type { PolicyLimit } from './limits.js';
export { print } from './print.js';
export { check } from './check.js';
export { evaluate } from './evaluate.js';
export { normalizeContext } from './context.js';
export type { Context, ContextInput, Value } from './context.js';
export { CONTEXT_FIELDS, ROOT_FIELDS, contextField } from './context-fields.js';
export type { ContextField, FieldType } from './context-fields.js';
export { METHODS, QUANTIFIERS } from './methods.js';
export type { MethodInfo } from './methods.js';
export {
  ACTIVITY_TYPES,
  ACTIVITY_TYPE_NAMES,
  ACTIVITY_RESOURCES,
  ACTIVITY_ACTIONS,
  ROOT_QUORUM_ACTIVITY_TYPES,
  activityTypeInfo,
} from './activities.js';
export type { ActivityTypeInfo, ActivityResource, ActivityAction } from './activities.js';
export { evaluatePolicies, compile, compilePolicy, isRootQuorumRequest } from './engine.js';
export type {
  Policy,
  PolicyRequest,
  Effect,
  Outcome,
  Verdict,
  PolicyMatch,
  PolicyStatus,
  PolicyEvaluationError,
} from './engine.js';
export { selectorToExpression, selectorToExpr, selectorsToExpression, SELECTOR_OPERATORS } from './selector.js';
export type { Selector, SelectorOperator } from './selector.js';
export { POLICY_EXAMPLES, POLICY_EXAMPLE_GROUPS } from './examples.js';
export type { PolicyExample, PolicyExampleCase } from './examples.js';
