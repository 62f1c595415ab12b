import type {EmulatorRequest, EmulatorResponse} from '@sigil/emulator';

/** What the sandbox starts with: an organization, its root user and that user's API key pair (hex). */
export interface SandboxInfo {
  organizationId: string;
  organizationName: string;
  userId: string;
  userName: string;
  apiKeyId: string;
  apiPublicKey: string;
  apiPrivateKey: string;
  /** Whether a copy is kept in this browser's IndexedDB (the reader's opt-in; off by default). */
  kept: boolean;
  /** How many get_activity reads a new activity answers ACTIVITY_STATUS_PENDING before it runs (0: at once). */
  pendingPolls: number;
}

/** Messages the page posts to the worker; `id` pairs each with its reply. */
export type SandboxCall =
  | {id: number; type: 'info'}
  | {id: number; type: 'request'; request: EmulatorRequest}
  | {id: number; type: 'reset'}
  /** Starts or stops keeping the sandbox in IndexedDB; stopping deletes the kept copy. */
  | {id: number; type: 'keep'; keep: boolean}
  /** Makes new activities wait PENDING for that many get_activity reads, so a reader can watch polling. */
  | {id: number; type: 'pendingPolls'; polls: number};

export type SandboxReply =
  | {id: number; type: 'info'; info: SandboxInfo}
  | {id: number; type: 'response'; response: EmulatorResponse}
  | {id: number; type: 'error'; message: string};
