// What a credential may authenticate beyond being registered and unexpired. Most credentials stamp any
// operation their user may call; the recovery credential that init_user_email_recovery emails exists to
// finish that recovery and nothing else, so a leaked one cannot read or change the user's wallets.
import type { Caller } from './auth.js';
import type { OperationSpec } from './document.js';
import { unauthenticated } from './errors.js';

const RECOVERY_CREDENTIAL_TYPE = 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256';
const RECOVERY_OPERATION = 'recover_user';

/** Throws UNAUTHENTICATED when `caller`'s credential cannot authenticate `operation`. */
export function checkCredentialScope(operation: OperationSpec, caller: Caller): void {
  const isRecoveryCredential = caller.credential.type === RECOVERY_CREDENTIAL_TYPE;
  if (isRecoveryCredential && operation.name !== RECOVERY_OPERATION) {
    throw unauthenticated(
      `a recovery credential (${RECOVERY_CREDENTIAL_TYPE}) authenticates only ${RECOVERY_OPERATION}; register a passkey with it, then sign in with the passkey`,
    );
  }
  if (!isRecoveryCredential && operation.name === RECOVERY_OPERATION) {
    throw unauthenticated(`${RECOVERY_OPERATION} is stamped with the recovery credential that init_user_email_recovery emailed to the user, not with ${caller.credential.type}`);
  }
}
