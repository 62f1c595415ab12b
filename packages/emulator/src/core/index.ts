export { createEmulator } from './emulator.js';
export type {
  ApiKeyCurve,
  BootstrapInput,
  BootstrapResult,
  Change,
  Emulator,
  EmulatorOptions,
  EmulatorRequest,
  EmulatorResponse,
  EmulatorState,
} from './types.js';
