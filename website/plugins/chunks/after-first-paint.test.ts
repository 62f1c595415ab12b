import {describe, expect, it} from 'vitest';
import {AFTER_PAINT_LOADER, scriptsAfterFirstPaint, withScriptsAfterFirstPaint} from './after-first-paint';

const PAGE =
  '<html><head><link rel=stylesheet href=/assets/css/styles.1.css /><script src=/assets/js/runtime~main.2.js defer></script>' +
  '<script src=/assets/js/main.3.js defer></script><script src="/assets/js/10.a.js" defer></script>' +
  '<script data-rh=true type=application/ld+json>{"a":1}</script></head>' +
  '<body><script>theme()</script><div id=__docusaurus><p>Text</p></div></body></html>';

describe('withScriptsAfterFirstPaint', () => {
  const out = withScriptsAfterFirstPaint(PAGE);

  it('takes the deferred scripts out of the head and lists them, in order, at the end of the body', () => {
    expect(out).not.toMatch(/<script[^>]*\bsrc=/);
    expect(scriptsAfterFirstPaint(out)).toEqual(['/assets/js/runtime~main.2.js', '/assets/js/main.3.js', '/assets/js/10.a.js']);
    expect(out.endsWith(`<script>${AFTER_PAINT_LOADER}</script></body></html>`)).toBe(true);
    expect(scriptsAfterFirstPaint(PAGE)).toBeUndefined();
  });

  it('leaves other scripts alone and does its work once', () => {
    expect(out).toContain('<script data-rh=true type=application/ld+json>{"a":1}</script>');
    expect(out).toContain('<body><script>theme()</script>');
    expect(out.match(/id="__after_paint"/g)).toHaveLength(1);
    expect(withScriptsAfterFirstPaint(out)).toBe(out);
  });

  it('leaves a page without deferred scripts as it is, and refuses a page without a body', () => {
    expect(withScriptsAfterFirstPaint('<html><head></head><body></body></html>')).toBe('<html><head></head><body></body></html>');
    expect(() => withScriptsAfterFirstPaint('<head><script src=/a.js defer></script></head>')).toThrow(/no <\/body>/);
  });
});

/** Runs the loader against a minimal document and window: what it appends, and when. */
function runLoader(visibilityState: 'visible' | 'hidden', paintEntries: boolean) {
  const appended: string[] = [];
  const asyncFlags: boolean[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<{fn: () => void; ms: number}> = [];
  const observers: Array<{callback: (list: {getEntriesByName: (name: string) => unknown[]}) => void; disconnected: boolean}> = [];
  const document = {
    visibilityState,
    getElementById: (id: string) => (id === '__after_paint' ? {textContent: '["/r.js","/m.js","/c.js"]'} : null),
    createElement: () => ({src: '', async: true}),
    head: {
      appendChild: (el: {src: string; async: boolean}) => {
        appended.push(el.src);
        asyncFlags.push(el.async);
      },
    },
  };
  class FakeObserver {
    static supportedEntryTypes = paintEntries ? ['paint', 'largest-contentful-paint'] : ['navigation'];
    entry: (typeof observers)[number];
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = {callback, disconnected: false};
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', AFTER_PAINT_LOADER)(
    document,
    {PerformanceObserver: FakeObserver},
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms = 0) => timers.push({fn, ms}),
  );
  const nextFrame = () => frames.splice(0).forEach((f) => f());
  const runTimers = (upTo: number) => timers.splice(0).forEach((t) => (t.ms <= upTo ? t.fn() : timers.push(t)));
  const paint = (name: string) => observers.forEach((o) => !o.disconnected && o.callback({getEntriesByName: (n) => (n === name ? [{}] : [])}));
  return {appended, asyncFlags, nextFrame, runTimers, paint};
}

describe('AFTER_PAINT_LOADER', () => {
  it('adds the scripts in order, not async, once two frames have passed and the first contentful paint is reported', () => {
    const run = runLoader('visible', true);
    run.nextFrame();
    run.runTimers(0);
    run.paint('first-paint');
    run.runTimers(0);
    expect(run.appended).toEqual([]);
    run.paint('first-contentful-paint');
    run.runTimers(0);
    expect(run.appended).toEqual([]); // one frame only so far
    run.nextFrame();
    run.runTimers(0);
    expect(run.appended).toEqual(['/r.js', '/m.js', '/c.js']);
    expect(run.asyncFlags).toEqual([false, false, false]);
  });

  it('waits for the paint when the frames come first, and adds each script once', () => {
    const run = runLoader('visible', true);
    run.nextFrame();
    run.nextFrame();
    run.runTimers(0);
    expect(run.appended).toEqual([]);
    run.paint('first-contentful-paint');
    run.runTimers(0);
    run.runTimers(2000);
    expect(run.appended).toEqual(['/r.js', '/m.js', '/c.js']);
  });

  it('starts two seconds after the frames when no paint is reported', () => {
    const run = runLoader('visible', true);
    run.nextFrame();
    run.nextFrame();
    run.runTimers(0);
    expect(run.appended).toEqual([]);
    run.runTimers(2000);
    run.runTimers(0);
    expect(run.appended).toEqual(['/r.js', '/m.js', '/c.js']);
  });

  it('needs only the frames in a browser without paint entries', () => {
    const run = runLoader('visible', false);
    run.nextFrame();
    run.nextFrame();
    run.runTimers(0);
    expect(run.appended).toEqual(['/r.js', '/m.js', '/c.js']);
  });

  it('starts at once in a tab that is not shown (no frame would come)', () => {
    expect(runLoader('hidden', true).appended).toEqual(['/r.js', '/m.js', '/c.js']);
  });
});
