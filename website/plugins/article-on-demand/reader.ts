/**
 * What holds a first visit's article as the server drew it until the reader
 * acts inside it (index.ts), and replays what the reader did meanwhile.
 */
import type {Article} from './registry';

/** The element the docs theme draws the article into (ThemeClassNames.docs.docMarkdown). */
export const ARTICLE_ROOT = '.theme-doc-markdown';

/** What a click on which is held and replayed: elements whose action needs the article's script. */
const HELD_CLICKS = 'a[href], button, summary, [role="tab"], [role="button"]';
/** Keys a tab list moves between its tabs with. */
const TAB_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']);

type Held = {element: HTMLElement; click: true} | {element: HTMLElement; click: false; key: KeyboardEventInit};
let held: Held[] = [];
let waiting: Promise<void> | undefined;
let waitingArticle: Article | undefined;

/** The first visit's article until it has rendered once, hydrating what the server drew. */
let unsettled: Article | undefined;

/** Whether this article's next render hydrates the server's markup (it waited for the reader and has not rendered since). */
export const drawnByServer = (article: Article): boolean => article === unsettled;

/** The article has hydrated: from now on it renders as anything after hydration does. */
export function settle(article: Article): void {
  if (unsettled === article) unsettled = undefined;
}

/** Whether the page's first article is the one waiting for the reader (and not loaded yet). */
export const waitsForReader = (article: Article): boolean => article === waitingArticle && article.loaded === undefined;

/** A link the browser follows as well without the article's script: another window, a download, another site, a place on this page. */
function followsWithoutScript(link: HTMLAnchorElement): boolean {
  return (
    (link.target !== '' && link.target !== '_self') ||
    link.hasAttribute('download') ||
    link.origin !== window.location.origin ||
    (link.pathname === window.location.pathname && link.search === window.location.search)
  );
}

/**
 * What the article's links do once they run (Docusaurus's Link preloads its route when the pointer rests on it or
 * a finger touches it): the route a pointer, touch or click in a link leads to starts loading beside the article.
 */
function preloadLinkTarget(target: Element): void {
  const link = target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || followsWithoutScript(link)) return;
  (window as {docusaurus?: {preload?: (path: string) => unknown}}).docusaurus?.preload?.(link.pathname);
}

function hold(event: Event, root: Element): void {
  const target = event.target as Element;
  if (event.type === 'click') {
    const click = event as MouseEvent;
    if (click.defaultPrevented || click.button !== 0 || click.ctrlKey || click.metaKey || click.shiftKey || click.altKey) return;
    const element = target.closest<HTMLElement>(HELD_CLICKS);
    if (!element || !root.contains(element)) return;
    if (element instanceof HTMLAnchorElement && followsWithoutScript(element)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({element, click: true});
  } else if (event.type === 'keydown') {
    const key = event as KeyboardEvent;
    const tab = target.closest<HTMLElement>('[role="tab"]');
    if (!tab || !TAB_KEYS.has(key.key) || !root.contains(tab)) return;
    event.preventDefault();
    event.stopPropagation();
    const {code, shiftKey, ctrlKey, altKey, metaKey} = key;
    held.push({element: tab, click: false, key: {key: key.key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true}});
  }
}

/**
 * Acts out, once the article has run, what the reader did while it loaded:
 * each held click and tab-list key on the same element, if still there.
 */
export function replayHeld(): void {
  const events = held;
  held = [];
  for (const event of events) {
    if (!event.element.isConnected) continue;
    if (event.click) event.element.click();
    else event.element.dispatchEvent(new KeyboardEvent('keydown', event.key));
  }
}

/**
 * Whether the page must change what the server drew in the article as soon
 * as it can, rather than when the reader acts: the server colours code in
 * the default colour mode (src/theme/CodeBlock), and the tab groups show
 * their first tab where the reader may have chosen another before.
 */
export function mustRunNow(root: Element, defaultMode: string, storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  if (document.documentElement.getAttribute('data-theme') !== defaultMode && root.querySelector('pre')) return true;
  if (root.querySelector('[role="tablist"]') && storage) {
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith('docusaurus.tab.')) return true;
  }
  return false;
}

function localStorageOrNone(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled; then no tab choice was kept either.
    return undefined;
  }
}

/**
 * Boxes that scroll sideways are named, focusable regions (src/hooks/useScrollsSideways), which the boxes' own
 * script decides as it runs; until the article has run, this does it from the label the server wrote.
 */
function markSidewaysBoxes(root: Element): () => void {
  const boxes = Array.from(root.querySelectorAll<HTMLElement>('[data-region-label]'));
  if (boxes.length === 0 || typeof ResizeObserver === 'undefined') return () => {};
  const observer = new ResizeObserver(() => {
    for (const box of boxes) {
      const scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls) {
        box.setAttribute('role', 'region');
        box.setAttribute('aria-label', box.dataset.regionLabel ?? '');
        box.tabIndex = 0;
      } else {
        box.removeAttribute('role');
        box.removeAttribute('aria-label');
        box.removeAttribute('tabindex');
      }
    }
  });
  for (const box of boxes) observer.observe(box);
  return () => observer.disconnect();
}

const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;
const HOLD_EVENTS = ['click', 'keydown'] as const;

/**
 * On a first visit, resolves once the reader has acted inside the article
 * (a pointer over it, a touch, focus, a click or a key) and the article has
 * loaded; at once if the page must change it now (`mustRunNow`). Clicks and
 * tab keys that need the article's script are held meanwhile, and replayed
 * by `replayHeld` once it has run. If the article fails to load, a held
 * link is followed as the browser would, and the next act tries again.
 */
export function whenReaderActs(article: Article, defaultMode: string): Promise<void> {
  if (waitingArticle === undefined) {
    waitingArticle = article;
    unsettled = article;
  }
  waiting ??= new Promise<void>((resolve) => {
    const root = document.querySelector(ARTICLE_ROOT);
    const unmark = root ? markSidewaysBoxes(root) : () => {};
    let loading = false;
    // The reader may switch the colour mode before acting in the article: its code must then be drawn again.
    const modeChange = new MutationObserver(() => {
      if (root && mustRunNow(root, defaultMode, undefined)) start();
    });
    modeChange.observe(document.documentElement, {attributes: true, attributeFilter: ['data-theme']});
    const stop = () => {
      for (const type of WAKE_EVENTS) document.removeEventListener(type, onEvent, true);
      for (const type of HOLD_EVENTS) document.removeEventListener(type, onEvent, true);
      modeChange.disconnect();
      unmark();
    };
    const start = () => {
      if (loading) return;
      loading = true;
      article.load().then(
        () => {
          stop();
          resolve();
        },
        () => {
          loading = false;
          const link = held.find((event) => event.element instanceof HTMLAnchorElement)?.element as HTMLAnchorElement | undefined;
          held = [];
          if (link) window.location.assign(link.href);
        },
      );
    };
    const pathname = window.location.pathname;
    function onEvent(event: Event) {
      // After a client-side navigation, the page shows another article, loaded with its route.
      if (article.loaded || window.location.pathname !== pathname) return stop();
      if (!root || !(event.target instanceof Element) || !root.contains(event.target)) return;
      hold(event, root);
      start();
      preloadLinkTarget(event.target);
    }
    for (const type of WAKE_EVENTS) document.addEventListener(type, onEvent, {capture: true, passive: true});
    for (const type of HOLD_EVENTS) document.addEventListener(type, onEvent, {capture: true});
    if (root && mustRunNow(root, defaultMode, localStorageOrNone())) start();
  });
  return waiting;
}
