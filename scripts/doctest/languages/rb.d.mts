export interface RubyState {
  lib: string;
}
export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}
export function definesClient(code: string): boolean;
declare const rb: {
  id: 'rb';
  fences: string[];
  prepare(input: { repoRoot: string; workDir: string }): Promise<RubyState>;
  run(input: { code: string; page: string; line: number; env: Record<string, string>; cwd: string; state: unknown; timeoutMs?: number }): Promise<RunResult>;
};
export default rb;
