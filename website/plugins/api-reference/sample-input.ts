// What every code sample generator reads about an operation, in a module of its own: samples.ts runs the
// SDK generators (sdk-samples/), and they extend this input, so neither imports the other for it.
import type {OperationKind} from './types';

/** What a code sample needs to know about an operation. */
export interface SampleInput {
  operationId: string;
  kind: OperationKind;
  path: string;
  /** The request body example (a submission's full envelope, or a query's body). */
  requestExample: unknown;
  /** Top-level required fields of the 200 answer (queries), for destructuring. */
  responseFields: string[];
  /** Key of the operation's result inside `activity.result`, e.g. `createWalletResult`. */
  resultKey?: string;
  apiBaseUrl: string;
  /** Organization ID for the client when the example has none. */
  fallbackOrganizationId: string;
  /** Base URL the CLI uses when given none; `--base-url` is added only when the site's differs. */
  cliDefaultBaseUrl: string;
}
