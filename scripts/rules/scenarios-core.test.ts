// The rules' scenarios against the in-process core the browser sandbox runs (createEmulator, no node: import).
import { describeRules } from './scenarios.shared.js';
import { coreTarget } from './targets.mjs';

describeRules(coreTarget);
