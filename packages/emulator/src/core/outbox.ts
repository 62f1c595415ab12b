// The emails and text messages the emulator would have sent (sign-in links, recovery bundles,
// one-time codes). Nothing leaves the process: they are stored in the state and listed at
// GET /emulator/v1/outbox, like the Firebase Auth emulator's message list.
import { uuid } from './encoding.js';
import type { Database } from './store.js';

const OUTBOX = 'outbox';

export interface OutboxMessage {
  id: string;
  /** When it was "sent", ISO 8601. */
  time: string;
  kind: 'email' | 'sms';
  to: string;
  /** Email subject; absent for text messages. */
  subject?: string;
  /** The message text as the user would read it. */
  text: string;
  /** The operation that sent it. */
  operation: string;
  organizationId: string;
  userId: string;
  activityId: string;
  /** What the message carries, for tests to pick up without parsing `text`. */
  otpCode?: string;
  credentialBundle?: string;
  magicLink?: string;
  /** emailCustomization.templateId, when one was given (the emulator has no custom templates to fill). */
  templateId?: string;
  seq: number;
}

export function sendMessage(db: Database, message: Omit<OutboxMessage, 'id' | 'seq'>): OutboxMessage {
  const seq = db.all<OutboxMessage>(OUTBOX).reduce((max, m) => Math.max(max, m.seq), 0) + 1;
  const stored: OutboxMessage = { id: uuid(), seq, ...message };
  db.put(OUTBOX, stored.id, stored);
  return stored;
}

/** Oldest first. */
export function listOutbox(db: Database): Array<Omit<OutboxMessage, 'seq'>> {
  return db
    .all<OutboxMessage>(OUTBOX)
    .sort((a, b) => a.seq - b.seq)
    .map(({ seq: _seq, ...message }) => message);
}

export function clearOutbox(db: Database): number {
  const messages = db.all<OutboxMessage>(OUTBOX);
  for (const message of messages) db.delete(OUTBOX, message.id);
  return messages.length;
}
