/** The request validators the plugin writes at build time (see validators.ts). */
declare module '@generated/sigil-api-validators/index.js' {
  export const validators: Record<string, () => Promise<{default: unknown}>>;
}
