import {useEffect, useState} from 'react';
import {keepSandbox, resetSandbox, sandboxInfo, setPendingPolls} from '@site/src/sandbox/client';
import type {SandboxInfo} from '@site/src/sandbox/protocol';

export type SandboxState =
  | {state: 'off'}
  | {state: 'starting'}
  // `kept`: what the worker confirmed after the reader last turned keeping on or off, read out as a status.
  | {state: 'ready'; info: SandboxInfo; keepProblem?: string; kept?: 'saved' | 'deleted'}
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
  const settle = (change: Promise<SandboxInfo>, what: string, confirm?: (info: SandboxInfo) => 'saved' | 'deleted'): void => {
    change
      .then((info) => setSandbox({state: 'ready', info, ...(confirm ? {kept: confirm(info)} : {})}))
      // The sandbox itself still works: only this change failed, so it stays ready, shows what the worker
      // now holds (the box the reader clicked went back) and says why.
      .catch((error: unknown) => {
        const keepProblem = `${what}: ${(error as Error).message}`;
        sandboxInfo()
          .catch(() => undefined)
          .then((info) => setSandbox((current) => (current.state === 'ready' ? {state: 'ready', info: info ?? current.info, keepProblem} : current)));
      });
  };
  /** The box follows the reader's click at once; the worker's answer confirms it (or the problem says why not). */
  const shows = (change: Partial<SandboxInfo>): void =>
    setSandbox((current) => (current.state === 'ready' ? {state: 'ready', info: {...current.info, ...change}} : current));
  return {
    sandbox,
    reset: (): void => {
      setSandbox({state: 'starting'});
      resetSandbox()
        .then((info) => setSandbox({state: 'ready', info}))
        .catch((error: unknown) => setSandbox({state: 'failed', message: (error as Error).message}));
    },
    keep: (wantKept: boolean): void => {
      shows({kept: wantKept});
      settle(keepSandbox(wantKept), 'Could not keep the sandbox', (info) => (info.kept ? 'saved' : 'deleted'));
    },
    setPending: (polls: number): void => {
      shows({pendingPolls: polls});
      settle(setPendingPolls(polls), 'Could not change how activities wait');
    },
  };
}
