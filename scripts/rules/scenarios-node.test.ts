// The rules' scenarios against the emulator's Node server over HTTP (startTestEmulator, a free port).
import { describeRules } from './scenarios.shared.js';
import { nodeTarget } from './targets.mjs';

describeRules(nodeTarget);
