// What the test page loads as window.SigilTest: the stamper and the client it plugs into.
export { IframeStamper, IframeStamperError } from '../src/index.js';
export { SigilClient } from '@sigil/http';
