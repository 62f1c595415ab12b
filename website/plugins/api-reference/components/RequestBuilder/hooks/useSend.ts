import {useRef, useState} from 'react';
import type {ApiKeyStamper} from '@sigil/api-key-stamper';
import {activityOf, pollDelayMs, UNSETTLED_STATUSES} from '../logic';
import type {Answer, Deliver, Polling, SendState} from '../types';

/** The document's get_activity path: where the builder polls a pending activity. */
const GET_ACTIVITY_PATH = '/public/v1/query/get_activity';
/** Enough reads for the slowest activity a reader would wait for in a browser tab (about four minutes at the capped delay). */
const MAX_POLLS = 30;

/** One Send: what goes where, and what polling a pending activity needs. */
export interface SendRequest {
  path: string;
  exact: string;
  stamp: string;
  deliver: Deliver;
  /** Submissions answer with an activity that may need polling; queries do not. */
  pollsActivities: boolean;
  /** The body's organizationId, which get_activity reads the activity from. */
  organizationId: unknown;
  /** The stamper get_activity reads are signed with, read when polling starts. */
  signer: () => ApiKeyStamper | undefined;
}

export interface Sending {
  send: SendState;
  sendRequest: (request: SendRequest) => Promise<void>;
  /** Drops the answer and stops a send or poll still running: the body, key or target changed. */
  clearAnswer: () => void;
  /** Stops the polling loop; the answers so far stay in view. */
  stopPolling: () => void;
}

/** Send and its answer, and the polling of a pending activity until it settles. */
export function useSend(): Sending {
  const [send, setSend] = useState<SendState>({state: 'idle'});
  // Bumped whenever an answer stops being current: a send or poll still running stops.
  const sendGeneration = useRef(0);

  /** Reads the activity until it leaves CREATED/PENDING, backing off; stops when the answer stops being current. */
  async function poll(run: number, request: SendRequest, answer: Answer, activityId: string, status: string): Promise<void> {
    const {organizationId, deliver} = request;
    const signer = request.signer();
    let polling: Polling = {reads: 0, status};
    const show = (next: Polling): void => {
      polling = next;
      if (run === sendGeneration.current) setSend({state: 'answered', answer, polling: next});
    };
    show(polling);
    if (typeof organizationId !== 'string' || !signer) {
      show({...polling, stopped: 'the body names no organizationId to read the activity from.'});
      return;
    }
    for (let n = 0; n < MAX_POLLS; n++) {
      await new Promise((resolve) => setTimeout(resolve, pollDelayMs(n)));
      if (run !== sendGeneration.current) return;
      const body = JSON.stringify({organizationId, activityId});
      try {
        const latest = await deliver(GET_ACTIVITY_PATH, body, (await signer.stamp(body)).stampHeaderValue);
        const activity = latest.status === 200 ? activityOf(latest.body) : undefined;
        if (!activity) {
          show({...polling, reads: n + 1, latest, stopped: `get_activity answered HTTP ${latest.status}.`});
          return;
        }
        show({reads: n + 1, status: activity.status, latest});
        if (!UNSETTLED_STATUSES.has(activity.status)) return;
      } catch (error) {
        show({...polling, stopped: (error as Error).message});
        return;
      }
    }
    show({...polling, stopped: `the activity was still unsettled after ${MAX_POLLS} reads.`});
  }

  async function sendRequest(request: SendRequest): Promise<void> {
    const run = ++sendGeneration.current;
    setSend({state: 'sending'});
    try {
      const answer = await request.deliver(request.path, request.exact, request.stamp);
      if (run !== sendGeneration.current) return;
      setSend({state: 'answered', answer});
      const activity = request.pollsActivities && answer.status === 200 ? activityOf(answer.body) : undefined;
      if (activity && UNSETTLED_STATUSES.has(activity.status)) await poll(run, request, answer, activity.id, activity.status);
    } catch (error) {
      if (run === sendGeneration.current) setSend({state: 'failed', message: (error as Error).message});
    }
  }

  return {
    send,
    sendRequest,
    clearAnswer: (): void => {
      sendGeneration.current += 1;
      setSend({state: 'idle'});
    },
    stopPolling: (): void => {
      sendGeneration.current += 1;
      if (send.state === 'answered' && send.polling) setSend({...send, polling: {...send.polling, stopped: 'you stopped it.'}});
    },
  };
}
