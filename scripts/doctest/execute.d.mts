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
  /** Runs as React Native app code in Node, on the phone harness (phone-harness.mjs). */
  phone: boolean;
  /** route="METHOD /path=fn(member, …)" markers of a backend block. */
  routes: Array<{ method: string; path: string; name: string; args: string[] }>;
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
/** True when a unit needs the local chains: a block reads an *_RPC_URL variable, names an *.rpc.example host, or has a chain setup. */
export function needsChains(unit: { blocks: Array<{ code: string; spec: RunSpec }> }): boolean;
/** The names a phone block's `call` can use besides its exports and the session's values. */
export const PHONE_SCOPE: string[];
/** The Node program that runs one phone block with the phone harness around it. */
export function phoneRunner(options: { harnessUrl: string; blockFile: string; exports: string[]; call: string | undefined; values: Record<string, string> }): string;
