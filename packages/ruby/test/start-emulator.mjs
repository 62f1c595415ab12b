#!/usr/bin/env node
// Starts an in-memory emulator for the Ruby tests on a free port, prints one JSON line (url, organizationId,
// rootUserId, publicKey, privateKey) and stays up until its standard input closes, so a test process that
// dies takes its emulator with it.
// Usage: node packages/ruby/test/start-emulator.mjs [--pending-polls <n>]
import { parseArgs } from 'node:util';
import { startTestEmulator } from '@sigil/emulator/testing';

const { values } = parseArgs({ options: { 'pending-polls': { type: 'string', default: '0' } } });
const pendingPolls = Number(values['pending-polls']);
if (!Number.isInteger(pendingPolls) || pendingPolls < 0) {
  console.error('start-emulator: --pending-polls must be a whole number');
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
process.stdin.resume();
process.stdin.on('end', () => {
  void emulator.close().then(() => process.exit(0));
});
