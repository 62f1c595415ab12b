export const GRAMMARS: Map<string, string>;
export interface GrammarResult {
  counts: { swift: number; dart: number };
  /** `<page>:<line>:<column> - <lang>: <message>`, one per ERROR or MISSING node. */
  errors: string[];
}
export function checkPageText(text: string, display: string): Promise<GrammarResult>;
export function checkPages(paths: string[]): Promise<GrammarResult>;
