#!/usr/bin/env node
// Starts an in-memory emulator on a free port for the crate's tests, prints one JSON line
// ({baseUrl, organizationId, rootUserId, publicKey, privateKey}) and serves until its standard input closes,
// so a test that dies takes its emulator with it.
// Options: --pending-polls N  (activities stay pending for N reads of get_activity)
import { parseArgs } from 'node:util';
import { startTestEmulator } from '@sigil/emulator/testing';

const { values } = parseArgs({ options: { 'pending-polls': { type: 'string', default: '0' } } });
const emulator = await startTestEmulator({ pendingPolls: Number(values['pending-polls']) });
process.stdout.write(
  JSON.stringify({
    baseUrl: emulator.url,
    organizationId: emulator.organizationId,
    rootUserId: emulator.rootUserId,
    publicKey: emulator.rootKeys.publicKey,
    privateKey: emulator.rootKeys.privateKey,
  }) + '\n',
);
process.stdin.resume();
process.stdin.on('close', () => {
  void emulator.close().then(() => process.exit(0));
});
process.stdin.on('end', () => {
  void emulator.close().then(() => process.exit(0));
});
