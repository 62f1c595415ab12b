#!/usr/bin/env node
// The emulator the Go, Ruby and Rust SDKs' tests talk to: a fresh in-memory emulator on a free port. It prints one
// JSON line ({url, organizationId, rootUserId, publicKey, privateKey}, the keys being the root user's API key) and
// serves until its standard input closes, so a test process that dies takes its emulator with it.
// Usage: node scripts/sdk-emulator/start.mjs [--pending-polls <n>]   (activities stay pending for n reads)
import { parseArgs } from 'node:util';
import { startTestEmulator } from '@sigil/emulator/testing';

let pendingPolls;
try {
  const { values } = parseArgs({ options: { 'pending-polls': { type: 'string', default: '0' } } });
  pendingPolls = Number(values['pending-polls']);
  if (!Number.isInteger(pendingPolls) || pendingPolls < 0) throw new Error('--pending-polls must be a whole number');
} catch (error) {
  console.error(`sdk-emulator: ${error.message}`);
  process.exit(2);
}

const emulator = await startTestEmulator({ pendingPolls });
process.stdout.write(
  `${JSON.stringify({
    url: emulator.url,
    organizationId: emulator.organizationId,
    rootUserId: emulator.rootUserId,
    publicKey: emulator.rootKeys.publicKey,
    privateKey: emulator.rootKeys.privateKey,
  })}\n`,
);
let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void emulator.close().then(() => process.exit(0));
};
process.stdin.resume();
process.stdin.on('end', stop);
process.stdin.on('close', stop);
