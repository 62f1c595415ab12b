// @sigil/emulator/testing: the emulator for tests. Node only (startTestEmulator listens on a port).
export { startTestEmulator } from './test-emulator.js';
export type { RecordedExchange, TestEmulator, TestEmulatorOptions } from './test-emulator.js';
export { createTestContext, emulatorFetch, BASE_URL } from '../core/testing/context.js';
export type { TestContext, TestUser } from '../core/testing/context.js';
