import {useEffect, useState} from 'react';
import {keepSandbox, resetSandbox, sandboxInfo, setPendingPolls} from '@site/src/sandbox/client';
import type {SandboxInfo} from '@site/src/sandbox/protocol';

export type SandboxState =
  | {state: 'off'}
  | {state: 'starting'}
  | {state: 'ready'; info: SandboxInfo; keepProblem?: string}
  | {state: 'failed'; message: string};

export interface SandboxControls {
  sandbox: SandboxState;
  reset: () => void;
  keep: (wantKept: boolean) => void;
  setPending: (polls: number) => void;
}

/** The in-browser emulator (src/sandbox), started when the reader picks it as the target. */
export function useSandbox(wanted: boolean): SandboxControls {
  const [sandbox, setSandbox] = useState<SandboxState>({state: 'off'});
  const started = sandbox.state !== 'off';
  useEffect(() => {
    if (!wanted || started) return;
    setSandbox({state: 'starting'});
    sandboxInfo()
      .then((info) => setSandbox({state: 'ready', info}))
      .catch((error: unknown) => setSandbox({state: 'failed', message: (error as Error).message}));
  }, [wanted, started]);
  const settle = (change: Promise<SandboxInfo>, what: string): void => {
    change
      .then((info) => setSandbox({state: 'ready', info}))
      // The sandbox itself still works: only this change failed, so it stays ready and says why.
      .catch((error: unknown) =>
        setSandbox((current) => (current.state === 'ready' ? {state: 'ready', info: current.info, keepProblem: `${what}: ${(error as Error).message}`} : current)),
      );
  };
  return {
    sandbox,
    reset: (): void => {
      setSandbox({state: 'starting'});
      resetSandbox()
        .then((info) => setSandbox({state: 'ready', info}))
        .catch((error: unknown) => setSandbox({state: 'failed', message: (error as Error).message}));
    },
    keep: (wantKept: boolean): void => settle(keepSandbox(wantKept), 'Could not keep the sandbox'),
    setPending: (polls: number): void => {
      // The box follows the reader's click at once; the worker's answer confirms it (or the problem says why not).
      setSandbox((current) => (current.state === 'ready' ? {...current, info: {...current.info, pendingPolls: polls}} : current));
      settle(setPendingPolls(polls), 'Could not change how activities wait');
    },
  };
}
