/** The shapes the request builder's parts share: an answer, the polling of an activity, where Send goes. */

export interface Answer {
  status: number;
  body: string;
}

/** Where polling a pending activity stands: the latest get_activity answer and how many reads it took. */
export interface Polling {
  reads: number;
  status: string;
  latest?: Answer;
  /** Why polling stopped before the activity settled, if it did. */
  stopped?: string;
}

export type SendState =
  | {state: 'idle'}
  | {state: 'sending'}
  | {state: 'answered'; answer: Answer; polling?: Polling}
  | {state: 'failed'; message: string};

/** Where Send goes: the sandbox in this tab, or a server at a base URL the reader typed. */
export type Target = 'sandbox' | 'server';

/** Posts one signed body to `path` and answers with the HTTP status and the (pretty-printed) body. */
export type Deliver = (path: string, body: string, stamp: string) => Promise<Answer>;
