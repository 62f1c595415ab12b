import type { LanguageModule } from '../run.mjs';

export function moduleFileName(title: string | undefined, line: number): string;
export function blockTitle(input: { title?: string; page?: string; line?: number; repoRoot: string }): string | undefined;
export function hasMain(code: string): boolean;
export function fragmentHarness(modules: string[]): string;
declare const rs: LanguageModule;
export default rs;
