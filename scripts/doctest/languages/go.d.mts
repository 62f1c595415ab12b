import type { LanguageModule } from '../run.mjs';

export function hoistImports(code: string): { imports: string[]; body: string; bodyStart: number };
export function goSource(code: string, page: string, line: number): string;
declare const go: LanguageModule;
export default go;
