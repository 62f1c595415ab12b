/** The request validators the plugin writes at build time (see validators.ts). */
declare module '@generated/sigil-api-validators/index.js' {
  export const validators: Record<string, () => Promise<{default: unknown}>>;
  /** The request-timestamp window of the document's x-limits, in milliseconds. */
  export const timestampLimits: {maxAgeMs: number; maxSkewMs: number};
}
