// Request validation with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) against each
// operation's request schema, taken from the document. Validators compile on first use.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { document } from './document.js';
import { invalid } from './errors.js';
import { validationMessage } from './validation-wording.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The WHATWG HTML "valid email address" rule: what browsers accept in <input type=email>.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
ajv.addFormat('uuid', UUID);
ajv.addFormat('email', EMAIL);
ajv.addFormat('uri', { validate: (text: string) => URL.canParse(text) });
ajv.addFormat('int32', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
// A 64-bit unsigned integer carried as a decimal string: the digits are checked by the schema's pattern, the range here.
ajv.addFormat('uint64', { type: 'string', validate: (text: string) => /^[0-9]{1,20}$/.test(text) && BigInt(text) <= 0xffffffffffffffffn });
ajv.addSchema({ ...document, $id: 'sigil-openapi' } as object, 'sigil-openapi');

const compiled = new Map<string, ValidateFunction>();

function validatorFor(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `sigil-openapi${ref}` });
    compiled.set(ref, validate);
  }
  return validate;
}

/** Throws INVALID_ARGUMENT naming the first field that breaks the schema `ref` (e.g. `#/components/schemas/X`). */
export function validateAgainst(ref: string, value: unknown): void {
  const validate = validatorFor(ref);
  if (validate(value)) return;
  const error = validate.errors?.[0];
  if (!error) throw invalid('', 'the request body does not match its schema');
  const { field, message } = validationMessage(error);
  throw invalid(field, message);
}
