// Stands in for the emulator core's validate.ts in the sandbox worker (plugins/sandbox swaps it in):
// the same checks and the same error wording (the core's own validation-wording module), with validators
// compiled at build time instead of by Ajv at run time (the Content Security Policy has no 'unsafe-eval',
// and the Ajv compiler is heavy).
import {invalid} from '@sigil-sandbox-core/errors.js';
import * as compiled from '@generated/sigil-sandbox/validators.js';
// Through the alias to the core's modules rather than `@sigil/emulator`, whose index imports this module's stand-in.
import {validationMessage, type ValidationErrorLike} from '@sigil-sandbox-core/validation-wording.js';

type Validate = ((value: unknown) => boolean) & {errors?: ValidationErrorLike[] | null};
const validators = compiled as unknown as Record<string, Validate | undefined>;

/** Throws INVALID_ARGUMENT naming the first field that breaks the schema `ref` (e.g. `#/components/schemas/X`). */
export function validateAgainst(ref: string, value: unknown): void {
  const validate = validators[ref];
  if (!validate) throw new Error(`the sandbox has no validator for ${ref}`);
  if (validate(value)) return;
  const error = validate.errors?.[0];
  if (!error) throw invalid('', 'the request body does not match its schema');
  const {field, message} = validationMessage(error);
  throw invalid(field, message);
}
