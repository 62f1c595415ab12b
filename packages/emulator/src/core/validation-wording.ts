// How a schema violation is worded in an INVALID_ARGUMENT answer: `<field>: <what is wrong>`. One module for the
// emulator core (validate.ts, with Ajv at run time) and the docs site's sandbox worker (validators precompiled at
// build time), so both word the same body alike. No Ajv and no `node:` import here: the worker bundles it.

/** The part of an Ajv error (JSON Schema 2020-12) the wording reads; compiled and run-time validators both give it. */
export interface ValidationErrorLike {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/parameters/accounts/0/curve` -> `parameters.accounts[0].curve`; a missing or unknown field is named too. */
export function validationErrorField(error: ValidationErrorLike): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return parts.reduce<string>((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}

/** What is wrong with the field, in the words the API document's error examples use. */
export function describeValidationError(error: ValidationErrorLike): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of this request';
    case 'enum':
      return `must be one of ${((error.params.allowedValues as unknown[] | undefined) ?? []).join(', ')}`;
    case 'const':
      return `must be ${String(error.params.allowedValue)}`;
    case 'format':
      if (error.params.format === 'uint64') return 'must be a whole number from 0 to 18446744073709551615 (an unsigned 64-bit integer), written as a string';
      return error.message ?? 'is not valid';
    default:
      return error.message ?? 'is not valid';
  }
}

/** The whole message: `parameters.curve: must be one of …`, or `body: …` when the body itself is wrong. */
export function validationMessage(error: ValidationErrorLike): { field: string; message: string } {
  const field = validationErrorField(error) || 'body';
  return { field, message: `${field}: ${describeValidationError(error)}` };
}
