// Code blocks take their build-time tokens as a prop (src/theme/CodeBlock/Content/String.tsx).
declare module '@theme/CodeBlock' {
  export interface Props {
    /** Encoded tokens computed at build time (src/highlight/tokens.ts); without them the browser highlights. */
    readonly tokens?: string;
  }
}
