// Stands in for the emulator core's validate.ts in the sandbox worker (plugins/sandbox swaps it in):
// the same checks and the same error wording, with validators compiled at build time instead of by Ajv
// at run time (the Content Security Policy has no 'unsafe-eval', and the Ajv compiler is heavy).
import {invalid} from '@sigil-sandbox-core/errors.js';
import * as compiled from '@generated/sigil-sandbox/validators.js';
import {describeError, fieldOf, type CoreValidationError} from './errorWording';

type Validate = ((value: unknown) => boolean) & {errors?: CoreValidationError[] | null};
const validators = compiled as unknown as Record<string, Validate | undefined>;

/** Throws INVALID_ARGUMENT naming the first field that breaks the schema `ref` (e.g. `#/components/schemas/X`). */
export function validateAgainst(ref: string, value: unknown): void {
  const validate = validators[ref];
  if (!validate) throw new Error(`the sandbox has no validator for ${ref}`);
  if (validate(value)) return;
  const error = validate.errors?.[0];
  if (!error) throw invalid('', 'the request body does not match its schema');
  const field = fieldOf(error);
  throw invalid(field || 'body', `${field || 'body'}: ${describeError(error)}`);
}
