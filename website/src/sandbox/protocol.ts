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
}

/** Messages the page posts to the worker; `id` pairs each with its reply. */
export type SandboxCall =
  | {id: number; type: 'info'}
  | {id: number; type: 'request'; request: EmulatorRequest}
  | {id: number; type: 'reset'};

export type SandboxReply =
  | {id: number; type: 'info'; info: SandboxInfo}
  | {id: number; type: 'response'; response: EmulatorResponse}
  | {id: number; type: 'error'; message: string};
