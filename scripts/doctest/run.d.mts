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
  /** Run the blocks marked to run (default true); false only type-checks. */
  execute?: boolean;
  /** Only pages whose repository path contains this text. */
  filter?: string;
  /** Units (page sessions or lone blocks, one emulator each) run at the same time. Default 2. */
  concurrency?: number;
  log?: (line: string) => void;
  error?: (line: string) => void;
}): Promise<{
  exitCode: number;
  checked: number;
  skipped: number;
  ran: number;
  notRun: number;
  errors: Array<{ location: string; code: string; message: string }>;
  failures: string[];
}>;
