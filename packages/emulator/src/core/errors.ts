// Errors answered as the document's Status body. The HTTP status of every code comes from the
// document's `x-error-codes` table (see document.ts), never from a number written here.

export const Code = {
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;
export type CodeNumber = (typeof Code)[keyof typeof Code];

export const FIELD_VIOLATION = 'type.sigil.example/sigil.errors.v1.FieldViolation';

/** One entry of Status.details (the document's StatusDetail); the emulator only writes field violations. */
export interface ErrorDetail {
  '@type': string;
  field: string;
  description: string;
}

export const violation = (field: string, description: string): ErrorDetail => ({ '@type': FIELD_VIOLATION, field, description });

export class ApiError extends Error {
  constructor(
    readonly code: CodeNumber,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const invalid = (field: string, message: string): ApiError =>
  new ApiError(Code.INVALID_ARGUMENT, message, [violation(field, message)]);
export const notFound = (message: string, field?: string): ApiError =>
  new ApiError(Code.NOT_FOUND, message, field ? [violation(field, message)] : []);
export const unauthenticated = (message: string): ApiError => new ApiError(Code.UNAUTHENTICATED, message);
export const denied = (message: string): ApiError => new ApiError(Code.PERMISSION_DENIED, message);
export const precondition = (message: string, field?: string): ApiError =>
  new ApiError(Code.FAILED_PRECONDITION, message, field ? [violation(field, message)] : []);
export const exists = (message: string, field?: string): ApiError =>
  new ApiError(Code.ALREADY_EXISTS, message, field ? [violation(field, message)] : []);
export const exhausted = (message: string, field?: string): ApiError =>
  new ApiError(Code.RESOURCE_EXHAUSTED, message, field ? [violation(field, message)] : []);
