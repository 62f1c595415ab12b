import type { Span } from './ast.js';

export type PolicyErrorCode =
  | 'SYNTAX'
  | 'UNKNOWN_FIELD'
  | 'UNKNOWN_METHOD'
  | 'UNKNOWN_VALUE'
  | 'ARITY'
  | 'TYPE'
  | 'CONTEXT'
  /** Beyond MAX_EXPRESSION_LENGTH or MAX_NESTING_DEPTH; thrown as PolicyLimitError. */
  | 'LIMIT';

/**
 * Every problem with an expression or a request context. `start`/`end` are 0-based
 * offsets into the expression source; `line`/`column` (1-based) point at `start`.
 * Errors about the request context (code CONTEXT) have no source position: all are 0/1.
 */
export class PolicyError extends Error {
  override readonly name = 'PolicyError';
  readonly code: PolicyErrorCode;
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;

  constructor(code: PolicyErrorCode, message: string, span?: Span) {
    super(message);
    this.code = code;
    this.start = span?.start.offset ?? 0;
    this.end = span?.end.offset ?? 0;
    this.line = span?.start.line ?? 1;
    this.column = span?.start.column ?? 1;
    this.endLine = span?.end.line ?? 1;
    this.endColumn = span?.end.column ?? 1;
  }

  /** Plain-data form, handy for JSON and for UI state. */
  toJSON(): PolicyErrorInfo {
    return {
      code: this.code,
      message: this.message,
      start: this.start,
      end: this.end,
      line: this.line,
      column: this.column,
      endLine: this.endLine,
      endColumn: this.endColumn,
    };
  }
}

export interface PolicyErrorInfo {
  code: PolicyErrorCode;
  message: string;
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}
