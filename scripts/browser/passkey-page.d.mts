import type { Server } from 'node:http';
import type { Browser, BrowserContext, CDPSession, Page, Route } from 'playwright-core';

export const CHROMIUM_ARGS: string[];
export function launchChromium(options?: { offline?: boolean }): Promise<Browser>;
export function listen(server: Server): Promise<number>;
export function freePort(): Promise<number>;
export function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }>;
export function forward(route: Route, url: string): Promise<void>;
export function routeApiToEmulator(target: Page | BrowserContext, emulatorUrl: string, apiBaseUrl: string): Promise<void>;
export interface ConsoleWatch {
  lines: string[];
  errors: Error[];
  values(): Promise<unknown[][]>;
  waitForLine(prefix: string): Promise<string>;
}
export function watchConsole(page: Page, options?: { timeoutMs?: number; describe?: () => string }): ConsoleWatch;
