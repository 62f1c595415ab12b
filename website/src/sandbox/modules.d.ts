/** Request validators the sandbox plugin compiles at build time (plugins/sandbox), keyed by the request schema's `$ref`. */
declare module '@generated/sigil-sandbox/validators.js' {
  const validators: Record<string, unknown>;
  export = validators;
}

/** The emulator core's own modules, reached past its exports map by the sandbox plugin's alias. */
declare module '@sigil-sandbox-core/errors.js' {
  export function invalid(field: string, message: string): Error;
}

/** The core's validation-error wording, shared with its run-time validator (packages/emulator/src/core/validation-wording.ts). */
declare module '@sigil-sandbox-core/validation-wording.js' {
  export {describeValidationError, validationErrorField, validationMessage} from '@sigil/emulator';
  export type {ValidationErrorLike} from '@sigil/emulator';
}
