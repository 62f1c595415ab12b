// The emulator core's wording of a schema violation (packages/emulator/src/core/validate.ts), for the
// sandbox's precompiled validators. errorWording.test.ts checks both word the same bodies alike.

export interface CoreValidationError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/parameters/accounts/0/curve` -> `parameters.accounts[0].curve`. */
export function fieldOf(error: CoreValidationError): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return parts.reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}

export function describeError(error: CoreValidationError): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of this request';
    case 'enum':
      return `must be one of ${((error.params.allowedValues as unknown[] | undefined) ?? []).join(', ')}`;
    case 'const':
      return `must be ${String(error.params.allowedValue)}`;
    default:
      return error.message ?? 'is not valid';
  }
}
