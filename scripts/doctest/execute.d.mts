export const EXAMPLE_ORGANIZATION_ID: string;
export const EXAMPLE_BASE_URL: string;
export const KEY_FILE_NAME: string;
export const BLOCK_TIMEOUT_MS: number;
export function isShell(lang: string): boolean;
export function callsApi(code: string): boolean;
export function parseMeta(meta: string): {
  attributes: Array<{ key: string; value: string | undefined }>;
  all(key: string): string[];
  first(key: string): { key: string; value: string | undefined } | undefined;
  has(key: string): boolean;
};
export interface RunSpec {
  run: boolean;
  envFromOutput: boolean;
  skipRun: { reason: string | undefined } | undefined;
  session: string | undefined;
  captures: Array<{ name: string; regex: RegExp }>;
  replaces: Array<{ text: string; name: string }>;
  expectOutput: RegExp | undefined;
  expectErrorCode: number | undefined;
  errors: string[];
}
export function runSpec(meta: string): RunSpec;
export function substitute(code: string, spec: RunSpec, values: Record<string, string | undefined>): { code: string; missing: string[] };
export function judge(result: { code: number; stdout: string; stderr: string; timedOut: boolean }, spec: RunSpec): string | undefined;
export function exportsIn(output: string): Record<string, string>;
export function talksToApi(code: string): boolean;
export function spawnWithTimeout(
  command: string,
  args: string[],
  options: import('node:child_process').SpawnOptions & { input?: string },
  timeoutMs: number,
): Promise<{ code: number; stdout: string; stderr: string; timedOut: boolean }>;
