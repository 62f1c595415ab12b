export { IframeStamper, type IframeStamperConfig, type IframeStampResult } from './stamper.js';
export { IframeStamperError, type IframeStamperErrorReason } from './errors.js';
