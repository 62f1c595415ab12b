// The replay rule for submissions. A submission is identified by the credential that stamped it and the
// exact bytes of its body, timestampMs included. Sending that identical body again, stamped by the same
// credential, creates nothing: the answer is the activity the first one created, as it is now. So a client
// whose answer was lost can resend a submission safely, and a recorded request replayed by someone else
// cannot make a second transfer or a second user. A body older than `request-timestamp-max-age` is refused
// before this rule applies, so a replay window never outlives the timestamp window. A submission that was
// refused (a policy denial, a limit, a bad field) created no activity, so sending it again decides it again.
import { C, type ActivityRecord } from './model.js';
import { sha256Hex } from './encoding.js';
import type { Database } from './store.js';

/** The key an activity is stored under: one credential's public key and one exact body. */
export function requestDigestOf(credentialPublicKey: string, raw: string): string {
  return sha256Hex(`${credentialPublicKey}\n${raw}`);
}

/** The activity an identical submission of `organizationId` already created, if any. */
export function activityOfRequest(db: Database, organizationId: string, digest: string): ActivityRecord | undefined {
  return db.lookupRecords<ActivityRecord>('activitiesByRequest', digest, C.activities).find((a) => a.organizationId === organizationId);
}
