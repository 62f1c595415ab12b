export { SigilClient, SIGIL_OPERATIONS } from './generated/client.js';
export type * from './generated/client.js';
export { SigilBaseClient, DEFAULT_BASE_URL } from './base-client.js';
export type {
  ClientTransportOptions,
  ReadOnlySession,
  SigilClientConfig,
  StampedRequest,
  StampOptions,
  SubmitAndWaitOptions,
  SubmitOptions,
  SubmissionEnvelope,
} from './base-client.js';
export type { RequestOptions, RetryOptions } from './transport.js';
export {
  SigilError,
  SigilRequestError,
  ActivityTimeoutError,
  STATUS_CODE_UNKNOWN,
  errorCodeName,
  isRetryableError,
} from './errors.js';
export type { SigilErrorCode, SigilStatus, StatusDetail } from './errors.js';
export { ERROR_CODES } from './generated/error-codes.js';
export { waitForActivity } from './wait.js';
export { SigilActivityError } from './activity-error.js';
export type { UnfinishedActivity } from './activity-error.js';
export type { ActivityOutcome, ActivityLike, ActivityPoller, WaitForActivityOptions, WaitForActivityResult } from './wait.js';
export type { Stamper, StampResult } from './stamper.js';
export type { components, operations, paths } from '@sigil/api-spec';
export {
  BundleError,
  decryptBundle,
  decryptCredentialBundle,
  decryptExportBundle,
  encryptImportBundle,
  generateTargetKeyPair,
  verifyImportBundle,
} from './bundles.js';
export type { DecryptedCredential, EncryptImportBundleInput, ImportBundleData, SecretKind, TargetKeyPair } from './bundles.js';
export { startReadWriteSession } from './sessions.js';
export type { ReadWriteSession, ReadWriteSessionOptions } from './sessions.js';
// The API key stamper comes with the client, so both SDKs re-export one list: this module.
export { ApiKeyStamper, generateApiKeyPair, publicKeyFromPrivateKey } from '@sigil/api-key-stamper';
export type { ApiKeyPair } from '@sigil/api-key-stamper';
