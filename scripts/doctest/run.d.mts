export interface Block {
  lang: string;
  meta: string;
  line: number;
  code: string;
}
export function findPages(dir: string): string[];
export function extractBlocks(text: string): Block[];
export function skipInfo(meta: string): { reason: string | undefined } | undefined;
export function parseTscOutput(output: string): Array<{ file: string | undefined; line: number; column: number; code: string; message: string }>;
export function run(options: {
  dirs: string[];
  keep?: boolean;
  log?: (line: string) => void;
  error?: (line: string) => void;
}): Promise<{ exitCode: number; checked: number; skipped: number; errors: Array<{ location: string; code: string; message: string }> }>;
