// Calls to the integrator's backend (the `server` functions), checked so that a backend that fails or answers
// with the wrong shape ends in one clear error instead of a crash further down.
import { SigilKitError } from './errors.js';

export async function callBackend<T>(
  name: string,
  fn: ((input: never) => Promise<unknown>) | undefined,
  input: unknown,
  fields: readonly (keyof T & string)[],
): Promise<T> {
  if (!fn) throw new SigilKitError('missing-server-function', `The provider's server.${name} function is missing; add it to use this sign-in method`);
  let answer: unknown;
  try {
    answer = await (fn as (input: unknown) => Promise<unknown>)(input);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new SigilKitError('backend', `server.${name} failed: ${detail}`, { cause: error });
  }
  if (typeof answer !== 'object' || answer === null) {
    throw new SigilKitError('backend', `server.${name} answered ${JSON.stringify(answer)}, not an object with ${fields.join(', ')}`);
  }
  for (const field of fields) {
    if (typeof (answer as Record<string, unknown>)[field] !== 'string' || !(answer as Record<string, string>)[field]) {
      throw new SigilKitError('backend', `server.${name} answered without ${field}`);
    }
  }
  return answer as T;
}
