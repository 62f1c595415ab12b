#!/usr/bin/env node
// Starts an emulator on a random port for the Go tests: prints one JSON line (url, organizationId, rootUserId, the
// root user's publicKey and privateKey) and stops when standard input closes, so a test that dies leaves nothing
// behind. The first argument, if any, is JSON options for startTestEmulator (such as {"pendingPolls": 2}).
import { startTestEmulator } from '@sigil/emulator/testing';

const options = process.argv[2] ? JSON.parse(process.argv[2]) : {};
const emulator = await startTestEmulator({ organizationName: 'Emulator Organization', ...options });
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
process.stdin.on('end', async () => {
  await emulator.close();
  process.exit(0);
});
