// The messages the page and the frame exchange with postMessage. Both sides import this module, so a
// request the page sends is one the frame understands. Every message carries `channel`, so neither
// side mistakes another script's postMessage traffic for its own.

export const CHANNEL = 'sigil-iframe-stamper';

/** The query parameter that tells the frame which origin embeds it: the only origin it answers. */
export const PARENT_ORIGIN_PARAM = 'parentOrigin';

export type FrameRequest =
  | { type: 'init' }
  | { type: 'inject-credential-bundle'; bundle: string }
  | { type: 'inject-export-bundle'; bundle: string; organizationId: string }
  | { type: 'stamp'; body: string }
  | { type: 'clear' };

/** What each request resolves to in the frame's answer. */
export interface FrameResults {
  init: string;
  'inject-credential-bundle': boolean;
  'inject-export-bundle': boolean;
  stamp: { stampHeaderName: 'X-Stamp'; stampHeaderValue: string };
  clear: null;
}

export type RequestMessage = FrameRequest & { channel: typeof CHANNEL; id: string };

/** The frame's reasons for refusing a request; the page turns them into an `IframeStamperError`. */
export type FrameRefusal = 'no-credential';

/** The frame's answer to one request. */
export type FrameAnswer = { ok: true; value: unknown } | { ok: false; reason: FrameRefusal; message: string };

export type ResponseMessage = FrameAnswer & { channel: typeof CHANNEL; id: string };

/** Sent once by the frame when its script has loaded, before any request. */
export interface ReadyMessage {
  channel: typeof CHANNEL;
  type: 'ready';
}

export function isChannelMessage(data: unknown): data is { channel: typeof CHANNEL } & Record<string, unknown> {
  return typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === CHANNEL;
}
