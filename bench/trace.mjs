// Main-thread work of one page's first load, from a Chromium performance trace (DevTools protocol `Tracing`),
// with the CPU slowed down as Lighthouse's mobile profile does (4x). Used by bench/profile.mjs (the summary in
// bench/PROFILE.md) and bench/main-thread-check.mjs (the CI's regression check against the control site).
//
// Durations in the summary are milliseconds of the throttled run on this machine: compare them only with figures
// measured in the same run (the machine is shared and its load moves every absolute figure). Wall-clock durations
// (`*Ms`) stretch when other processes take the cores; thread time (`*CpuMs`, the trace's `tdur`) much less, which is
// why the CI check compares thread time.

export {chromiumLaunchOptions} from '../scripts/browser/chromium.mjs';

const CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  '__metadata',
].join(',');

const LONG_TASK_MS = 50;

/**
 * Loads `url` in a fresh context (cold cache) with the CPU slowed down `cpuRate` times, and returns the trace's
 * events from the navigation until the network has been idle and `settleMs` more have passed.
 * @param {import('playwright-core').Browser} browser
 */
export async function traceFirstLoad(browser, url, {cpuRate = 4, settleMs = 1000, viewport = {width: 412, height: 823}, samples = false} = {}) {
  const context = await browser.newContext({viewport, serviceWorkers: 'block'});
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: cpuRate});
    const events = [];
    cdp.on('Tracing.dataCollected', ({value}) => events.push(...value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: [...CATEGORIES.split(',').filter((c) => !c.startsWith('-')), ...(samples ? ['disabled-by-default-v8.cpu_profiler'] : [])],
      },
      transferMode: 'ReportEvents',
    });
    const response = await page.goto(url, {waitUntil: 'load', timeout: 120_000});
    if (!response || response.status() !== 200) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}`);
    await page.waitForLoadState('networkidle', {timeout: 30_000}).catch(() => {});
    await page.waitForTimeout(settleMs);
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

const SCRIPT = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'V8.CompileCode',
  'v8.produceCache',
  'v8.produceModuleCache',
  'v8.deserializeOnBackground',
  'FunctionCall',
  'V8.Execute',
  'v8.run',
  'v8.callFunction',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'XHRReadyStateChange',
  'XHRLoad',
  'v8.parseOnBackground',
  'V8.ParseFunction',
]);
const GC = /^(MinorGC|MajorGC|V8\.GC|BlinkGC|ThreadState::|GCEvent|CppGC)/;
const STYLE_LAYOUT = new Set(['Layout', 'UpdateLayoutTree', 'RecalculateStyles', 'UpdateLayerTree', 'HitTest', 'PrePaint', 'Layerize', 'IntersectionObserverController::computeIntersections', 'LocalFrameView::RunPostLifecycleSteps']);
const PAINT = new Set(['Paint', 'PaintImage', 'Decode Image', 'CompositeLayers', 'Commit', 'UpdateLayer', 'ImageDecodeTask']);
const PARSE = new Set(['ParseHTML', 'ParseAuthorStyleSheet']);
const TASK = new Set(['RunTask', 'ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

/** The activity an event's own (self) time counts as. */
export function activityOf(name) {
  if (SCRIPT.has(name)) return 'script';
  if (GC.test(name)) return 'gc';
  if (STYLE_LAYOUT.has(name)) return 'style & layout';
  if (PAINT.has(name)) return 'paint & composite';
  if (PARSE.has(name)) return 'HTML & CSS parsing';
  return 'other';
}

function urlOf(e) {
  const d = e.args?.data ?? e.args?.beginData ?? {};
  return d.url || d.scriptName || e.args?.fileName || undefined;
}

/** The renderer main thread that parsed the page's document (`ParseHTML` of a URL starting with `origin`). */
function mainThreadOf(events, origin) {
  const candidates = new Map();
  for (const e of events) {
    if (e.name === 'ParseHTML' && String(e.args?.beginData?.url ?? '').startsWith(origin)) {
      const k = `${e.pid}:${e.tid}`;
      candidates.set(k, (candidates.get(k) ?? 0) + (e.dur ?? 1));
    }
  }
  const best = [...candidates].sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error(`The trace has no ParseHTML of ${origin}: did the page load?`);
  const [pid, tid] = best[0].split(':').map(Number);
  return {pid, tid};
}

/** Complete ('X') events of one thread, with B/E pairs joined, sorted for nesting (start asc, longer first). */
function spansOf(events, {pid, tid}) {
  const spans = [];
  const open = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.ph === 'X' && typeof e.dur === 'number') spans.push({name: e.name, ts: e.ts, dur: e.dur, tdur: e.tdur, url: urlOf(e), args: e.args});
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      for (let i = open.length - 1; i >= 0; i--) {
        if (open[i].name === e.name) {
          const b = open.splice(i, 1)[0];
          const tdur = typeof b.tts === 'number' && typeof e.tts === 'number' ? e.tts - b.tts : undefined;
          spans.push({name: b.name, ts: b.ts, dur: e.ts - b.ts, tdur, url: urlOf(b) ?? urlOf(e), args: b.args});
          break;
        }
      }
    }
  }
  return spans.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

const ms = (us) => us / 1000;

/**
 * Summarises the main thread of a page load: time per activity (self time, so nothing counts twice), script time
 * per file, top-level tasks and long tasks (> 50 ms).
 * @param {object[]} events trace events
 * @param {string} origin the site's origin, e.g. http://127.0.0.1:4185
 */
export function summarise(events, origin) {
  const thread = mainThreadOf(events, origin);
  const spans = spansOf(events, thread);
  const stack = [];
  const tasks = [];
  for (const s of spans) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= s.ts) stack.pop();
    const parent = stack[stack.length - 1];
    s.child = 0;
    s.childCpu = 0;
    s.parent = parent;
    s.url ??= parent?.url;
    s.task = parent ? parent.task : s;
    if (parent) {
      parent.child += Math.min(s.dur, parent.ts + parent.dur - s.ts);
      parent.childCpu += s.tdur ?? 0;
    }
    else if (TASK.has(s.name)) tasks.push(s);
    stack.push(s);
  }
  // The page's own load starts when its document is parsed; what the thread did before (the previous blank page,
  // DevTools attaching) is not the page's work.
  const pageParse = spans.filter((s) => s.name === 'ParseHTML' && String(s.url ?? '').startsWith(origin));
  const start = Math.min(...pageParse.map((s) => s.task.ts));
  const byActivity = {};
  const cpuByActivity = {};
  const scriptByUrl = {};
  for (const s of spans) {
    if (s.task.ts < start) continue;
    const self = Math.max(0, s.dur - s.child);
    const activity = activityOf(s.name);
    // Thread (CPU) time: what the thread itself ran, without the time the OS gave the cores to other processes.
    if (typeof s.tdur === 'number') cpuByActivity[activity] = (cpuByActivity[activity] ?? 0) + Math.max(0, s.tdur - s.childCpu);
    byActivity[activity] = (byActivity[activity] ?? 0) + self;
    if (activity === 'script' || activity === 'gc') {
      const key = s.url ? s.url.replace(origin, '') : '(no file: inline handlers, microtasks, GC)';
      scriptByUrl[key] = (scriptByUrl[key] ?? 0) + self;
    }
  }
  const taskSummary = tasks
    .filter((t) => t.ts >= start)
    .map((t) => {
      const inner = spans.filter((s) => s.task === t && s !== t);
      const own = {};
      const files = {};
      for (const s of inner) {
        const a = activityOf(s.name);
        if (a === 'other') continue;
        const self = Math.max(0, s.dur - s.child);
        own[a] = (own[a] ?? 0) + self;
        if (a === 'script' && s.url) files[s.url] = (files[s.url] ?? 0) + self;
      }
      const main = Object.entries(own).sort((a, b) => b[1] - a[1])[0];
      const file = Object.entries(files).sort((a, b) => b[1] - a[1])[0];
      return {
        startMs: Math.round(ms(t.ts - start)),
        durMs: Math.round(ms(t.dur)),
        // The task's main activity, and for script the file that ran longest in it.
        what: main?.[0] === 'script' && file ? `script ${file[0].replace(origin, '')}` : main?.[0] ?? 'other',
        pageWorkMs: Math.round(ms(Object.values(own).reduce((a, b) => a + b, 0))),
      };
    });
  // A task that did none of the page's work (IPC, DevTools) is no long task of the page.
  const long = taskSummary.filter((t) => t.durMs > LONG_TASK_MS && t.pageWorkMs > 0);
  const round = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(ms(v))]).sort((a, b) => b[1] - a[1]));
  const activities = round(byActivity);
  // "other" is mostly the task runner's and IPC's own spans: reported, not counted as the page's work.
  const busyMs = Object.entries(activities).reduce((a, [k, v]) => a + (k === 'other' ? 0 : v), 0);
  // Phases: Docusaurus renders (hydrates) only once main.js and the route's chunks have run, so script after the
  // last script file evaluated is hydration, effects and what client modules and widgets do later.
  const evals = spans.filter((s) => s.name === 'EvaluateScript' && s.task.ts >= start && /\.js(\?|$)/.test(String(s.url ?? '')));
  const lastEvalEnd = Math.max(0, ...evals.map((s) => s.task.ts + s.task.dur));
  const phase = {'inline scripts and parsing before main.js': 0, 'main.js evaluation': 0, 'other script files evaluation': 0, 'after the last file evaluated (hydration, effects, deferred work)': 0};
  for (const s of spans) {
    if (s.task.ts < start) continue;
    const a = activityOf(s.name);
    if (a !== 'script' && a !== 'gc') continue;
    const self = Math.max(0, s.dur - s.child);
    const taskEval = evals.find((e) => e.task === s.task);
    if (taskEval) phase[/\/main\.[^/]*\.js/.test(taskEval.url) ? 'main.js evaluation' : 'other script files evaluation'] += self;
    else if (s.task.ts >= lastEvalEnd) phase['after the last file evaluated (hydration, effects, deferred work)'] += self;
    else phase['inline scripts and parsing before main.js'] += self;
  }
  const cpu = round(cpuByActivity);
  return {
    scriptCpuMs: (cpu.script ?? 0) + (cpu.gc ?? 0),
    cpuActivities: cpu,
    phases: Object.fromEntries(Object.entries(phase).map(([k, v]) => [k, Math.round(ms(v))])),
    sampledScriptByUrl: sampledScript(events, thread, origin),
    busyMs,
    scriptMs: (activities.script ?? 0) + (activities.gc ?? 0),
    activities,
    scriptByUrl: round(scriptByUrl),
    tasks: taskSummary,
    longTasks: long,
    longTaskCount: long.length,
    longTaskMs: Math.round(long.reduce((a, t) => a + t.durMs, 0)),
    blockingMs: Math.round(long.reduce((a, t) => a + t.durMs - LONG_TASK_MS, 0)),
  };
}

/**
 * Self time per script file from the V8 sampling profiler's samples (trace category
 * disabled-by-default-v8.cpu_profiler): unlike the trace events, this charges a component's code to the chunk that
 * holds it even when React (in main.js) calls it. Undefined when the trace has no samples.
 */
function sampledScript(events, {pid, tid}, origin) {
  const nodes = new Map();
  const byUrl = {};
  let any = false;
  // Chunks may be emitted from the sampler's own thread: they belong to the main thread's profile by its id.
  const ids = new Set(events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id));
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== pid || !ids.has(e.id)) continue;
    const cpu = e.args?.data?.cpuProfile;
    if (!cpu) continue;
    for (const n of cpu.nodes ?? []) nodes.set(n.id, n.callFrame);
    const deltas = e.args.data.timeDeltas ?? [];
    (cpu.samples ?? []).forEach((id, i) => {
      const frame = nodes.get(id);
      if (!frame) return;
      any = true;
      // Native functions have no file: the DOM and timer APIs script calls, and regular expressions (V8 names those
      // by their source), which are grouped so the table shows files.
      let name = frame.url ? frame.url.replace(origin, '') : frame.functionName || '(unknown)';
      if (name.startsWith('RegExp: ')) name = '(regular expressions)';
      else if (!name.startsWith('/') && !name.startsWith('(') && !name.includes('://')) name = '(DOM and other browser APIs called by script)';
      if (name === '(idle)' || name === '(root)') return;
      byUrl[name] = (byUrl[name] ?? 0) + Math.max(0, deltas[i] ?? 0);
    });
  }
  if (!any) return undefined;
  return Object.fromEntries(Object.entries(byUrl).map(([k, v]) => [k, Math.round(ms(v))]).sort((a, b) => b[1] - a[1]));
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
