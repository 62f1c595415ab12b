import type { Browser } from 'playwright-core';

export function runBrowserExample(browser: Browser, name: string, code: string): Promise<string>;
