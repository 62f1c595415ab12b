export { createEmulator } from './emulator.js';
export { EMULATOR_ENCLAVE_QUORUM_PUBLIC_KEY } from './enclave-quorum.js';
export { describeValidationError, validationErrorField, validationMessage } from './validation-wording.js';
export type { ValidationErrorLike } from './validation-wording.js';
export type {
  ApiKeyCurve,
  BootstrapInput,
  BootstrapResult,
  Change,
  Emulator,
  EmulatorOptions,
  EmulatorRequest,
  EmulatorResponse,
  EmulatorState,
} from './types.js';
export type { OutboxMessage } from './outbox.js';
