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
  /** The folder of language modules (default scripts/doctest/languages). */
  languagesDir?: string;
  /** Before the summary, list every type-checked-only and skipped block with its page, line and reason. */
  list?: boolean;
  log?: (line: string) => void;
  error?: (line: string) => void;
}): Promise<{
  exitCode: number;
  checked: number;
  skipped: number;
  ran: number;
  /** Blocks run per language id: ts, sh and each language module's id. */
  byLanguage: Record<string, number>;
  notRun: number;
  errors: Array<{ location: string; code: string; message: string }>;
  failures: string[];
}>;

/** A doc-checker language module (scripts/doctest/languages/<id>.mjs); see README.md. */
export interface LanguageModule<State = unknown> {
  id: string;
  fences: string[];
  prepare(options: { repoRoot: string; workDir: string }): Promise<State>;
  run(options: {
    code: string;
    page: string;
    line: number;
    env: Record<string, string | undefined>;
    cwd: string;
    state: State;
    timeoutMs: number;
  }): Promise<{ exitCode: number; stdout: string; stderr: string; timedOut?: boolean }>;
}
export const LANGUAGES_DIR: string;
export function loadLanguages(dir?: string): Promise<LanguageModule[]>;
export function summary(counts: { run: number; byLanguage?: Record<string, number>; typeChecked: number; skipped: number }): string;
export function projectOf(meta: string): { name: string; title: string | undefined } | undefined;
export function projectFile(title: string, ext: string): string;
export function listNotRun(pages: Array<{ display: string; skipped: Array<{ line: number; reason?: string }>; typeCheckedOnly: Array<{ line: number; reason: string }> }>): string[];
