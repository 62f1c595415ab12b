// Public entry point of @sigil/api-spec: generated types for every schema and
// operation, the operation catalog, limits, error codes and rule checks.
import type { components } from './generated/schema.js';

export type { paths, components, operations } from './generated/schema.js';

/** Every schema of the document, by name: `Schemas['Wallet']`. */
export type Schemas = components['schemas'];
/** One schema by name: `Schema<'CreateWalletIntent'>`. */
export type Schema<Name extends keyof Schemas> = Schemas[Name];

export type Activity = Schemas['Activity'];
export type ActivityStatus = Schemas['ActivityStatus'];
export type ActivityType = Schemas['ActivityType'];
export type ActivityResponse = Schemas['ActivityResponse'];
export type Status = Schemas['Status'];
export type Timestamp = Schemas['Timestamp'];
export type Intent = Schemas['Intent'];
export type Result = Schemas['Result'];

export {
  OPERATIONS,
  NO_ENDPOINT_ACTIVITY_TYPES,
  LIMITS,
  ERROR_CODES,
  ERROR_CODE,
  ENUMS,
} from './generated/operations.js';
export type {
  OperationInfo,
  Operation,
  OperationName,
  OperationId,
  QueryName,
  SubmissionName,
  LimitInfo,
  LimitId,
  ErrorCodeInfo,
  ErrorCodeName,
  ErrorCodeNumber,
  EnumInfo,
  EnumName,
} from './generated/operations.js';

export * from './rules.js';
export * from './constants.js';
