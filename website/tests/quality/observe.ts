/**
 * What a page does while a reader loads and uses it: every request it makes,
 * Content Security Policy violations, uncaught errors. Shared by the
 * every-route quality specs.
 */
import type {BrowserContext, Page} from '@playwright/test';

export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

export interface PageLog {
  /** Every URL requested (http, https, ws), in order. */
  requests: string[];
  /** Console messages that mention the Content Security Policy. */
  cspConsole: string[];
  pageErrors: string[];
}

declare global {
  interface Window {
    __cspViolations?: CspViolation[];
  }
}

/**
 * Records `securitypolicyviolation` events from the first moment of every
 * document (init scripts are injected by the browser itself, so the policy
 * does not block them), and the context's requests.
 */
export async function observe(context: BrowserContext): Promise<PageLog> {
  const log: PageLog = {requests: [], cspConsole: [], pageErrors: []};
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  context.on('request', (req) => {
    if (/^(https?|wss?):/.test(req.url())) log.requests.push(req.url());
  });
  context.on('page', (page) => watchPage(page, log));
  for (const page of context.pages()) watchPage(page, log);
  return log;
}

function watchPage(page: Page, log: PageLog): void {
  page.on('console', (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) log.cspConsole.push(msg.text());
  });
  page.on('pageerror', (err) => log.pageErrors.push(err.message));
  page.on('websocket', (ws) => log.requests.push(ws.url()));
}

export async function cspViolations(page: Page): Promise<CspViolation[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

/** One violation as a line of a test's failure. */
export function describeViolation(v: CspViolation): string {
  return `CSP violation: ${v.directive} blocked ${v.blocked || '(inline)'} at ${v.source} ${v.sample}`;
}

/**
 * Scrolls to the end of the page, waits for quiet, and lists what broke the privacy promise or the policy: whatever
 * appears on scroll (lazy images, prefetches) must also stay on this host and within the Content Security Policy.
 */
export async function privacyAndPolicyProblems(page: Page, log: PageLog, baseURL: string): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await settle(page, {quietMs: 100});
  return [
    ...(await cspViolations(page)).map(describeViolation),
    ...log.cspConsole.map((m) => `console: ${m}`),
    ...foreignRequests(log, baseURL).map((u) => `request to another host: ${u}`),
  ];
}

/** Requests that left the site's own origin. */
export function foreignRequests(log: PageLog, baseURL: string): string[] {
  const own = new URL(baseURL).origin;
  return log.requests.filter((u) => new URL(u).origin !== own);
}

/**
 * Waits until the page is quiet: no DOM change and no request in flight for
 * `quietMs`. Widgets that render after hydration are in
 * place by then. Stops waiting after `maxMs` (a page that never settles is
 * still checked as it is).
 */
export async function settle(page: Page, {quietMs = 200, maxMs = 8000, after = async () => {}} = {}): Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  const started = () => {
    inFlight++;
    lastActivity = Date.now();
  };
  const finished = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  try {
    await after();
    const domQuiet = page.evaluate(
      ({quiet, max}) =>
        new Promise<void>((resolve) => {
          const state = {timer: 0 as unknown as ReturnType<typeof setTimeout>};
          const observer = new MutationObserver(() => {
            clearTimeout(state.timer);
            state.timer = setTimeout(finish, quiet);
          });
          const giveUp = setTimeout(finish, max);
          state.timer = setTimeout(finish, quiet);
          observer.observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
          // A function declaration, not a named const: bundlers that keep names would wrap the latter.
          function finish() {
            observer.disconnect();
            clearTimeout(giveUp);
            clearTimeout(state.timer);
            resolve();
          }
        }),
      {quiet: quietMs, max: maxMs},
    );
    const deadline = Date.now() + maxMs;
    while ((inFlight > 0 || Date.now() - lastActivity < quietMs) && Date.now() < deadline) {
      await page.waitForTimeout(25);
    }
    await domQuiet;
  } finally {
    page.off('request', started);
    page.off('requestfinished', finished);
    page.off('requestfailed', finished);
  }
}

/** Loads a path, waits for hydration (unless JavaScript is off), then for quiet. Returns the HTTP status. */
export async function gotoSettled(page: Page, path: string, {javaScript = true, quietMs = 200} = {}): Promise<number | undefined> {
  let status: number | undefined;
  await settle(page, {
    quietMs,
    after: async () => {
      status = (await page.goto(path, {waitUntil: 'load'}))?.status();
      if (javaScript) await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 15_000});
    },
  });
  return status;
}

/**
 * Opens a path in an app that is already running in `page`, the way a reader's click on a link does: the router
 * renders the route (its chunks fetched, its title set) without reloading the document or starting the app again.
 * `title` is the page's title as the server rendered it; the route counts as open when both the address and the title
 * are the new page's, then the page is left to settle. Falls back to a full load (gotoSettled) when the page holds no
 * started app. Every-route checks use it so that each route costs its own rendering, not the app's start (about two
 * thirds of a full load here); the server-rendered page is still loaded by address, scripts left out, for what its
 * markup alone does (quality-a11y.spec.ts).
 */
export async function openInApp(page: Page, path: string, title: string, {quietMs = 200} = {}): Promise<void> {
  const running = page.url().startsWith('http') && (await page.locator('html[data-has-hydrated="true"]').count()) === 1;
  if (!running) {
    await gotoSettled(page, path, {quietMs});
    return;
  }
  await settle(page, {
    quietMs,
    after: async () => {
      await page.evaluate((to) => {
        // The history library under Docusaurus's router listens for popstate; pushState alone does not notify it.
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate', {state: null}));
      }, path);
      const to = new URL(path, 'http://x').pathname;
      await page
        .waitForFunction(({to, expected}) => window.location.pathname === to && document.title === expected, {to, expected: title}, {timeout: 15_000})
        .catch(async () => {
          const now = await page.evaluate(() => `${window.location.pathname}, titled "${document.title}"`);
          throw new Error(`${path} did not open in the running app within 15 s: the page shows ${now}, not "${title}"`);
        });
    },
  });
}

/** Console errors and uncaught exceptions of a page from now on. */
export function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
