// Errors answered as the document's Status body. The codes and the HTTP status of each come from the
// document's `x-error-codes` through @sigil/api-spec's catalog (see document.ts), never from a number written here.
import catalog from '@sigil/api-spec/catalog.json' with { type: 'json' };
import type { ERROR_CODE, ErrorCodeNumber } from '@sigil/api-spec';

/**
 * Each error code's number by name, from @sigil/api-spec's catalog (the document's `x-error-codes`). Read from
 * catalog.json, not from the package's index, so the sandbox worker carries the catalog's slim form (plugins/sandbox)
 * and none of the index's other data; typed as the index's ERROR_CODE.
 */
export const Code = Object.fromEntries(catalog.errorCodes.map((entry) => [entry.name, entry.code])) as typeof ERROR_CODE;
export type CodeNumber = ErrorCodeNumber;

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
