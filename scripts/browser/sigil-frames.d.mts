import type { Route } from 'playwright-core';
export const FRAMES_ORIGIN: string;
export function serveFrame(route: Route, url: URL): Promise<void>;
