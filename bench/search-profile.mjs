// Where the time of a /search query goes (issue 22), for bench/search.mjs's
// "keystroke to rendered results": the same page, queries and 4x CPU slowdown,
// with a Chromium trace of each query from the input event to the animation
// frame that shows its results. Per query it prints the main thread's tasks
// (start+duration, ms from the keystroke), the index requests, and the time in
// phases: `input` (the keystroke's task: React, the search's start, the
// chunk fetch), `keyFrame` (frames before the results: the box repainted),
// `otherWork` (network responses, the chunk loaded into Pagefind, the
// search, the preview rendered), `finalFrame` (style and layout of the frame
// that shows the results, up to its animation frame callbacks) and `idle`;
// then medians over the queries. Tracing slows the page: compare runs of this
// script with each other, not with bench/search.mjs.
//   node bench/search-profile.mjs --base http://127.0.0.1:4180 [--rounds 2] [--queries a,b] [--css '…'] [--dump trace.json]
// CATS=<trace categories> adds e.g. disabled-by-default-v8.cpu_profiler (JavaScript samples by
// phase and by owner: Pagefind's WebAssembly and script, React, ours; best on a --no-minify build);
// STACKS=<category prefix> prints the stacks of those samples.
import {writeFileSync} from 'node:fs';
import {parseArgs} from 'node:util';
import {chromium} from 'playwright-core';

const {values} = parseArgs({options: {base: {type: 'string'}, queries: {type: 'string'}, dump: {type: 'string'}, rounds: {type: 'string', default: '1'}, css: {type: 'string'}}});
const base = values.base;
const QUERIES = (values.queries ?? 'create wallet,passkey,policy language,whoami,sign transaction,root quorum,sessions,ADDRESS_FORMAT_ETHEREUM,export wallet').split(',');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
const NET = new Map();
cdp.on('Network.requestWillBeSent', (e) => NET.set(e.requestId, {url: e.request.url.replace(/^.*\//, ''), sent: e.timestamp}));
cdp.on('Network.responseReceived', (e) => { const r = NET.get(e.requestId); if (r) { r.headers = e.response.timing ? e.response.timing.requestTime + e.response.timing.receiveHeadersEnd / 1000 : e.timestamp; r.resp = e.timestamp; } });
cdp.on('Network.loadingFinished', (e) => { const r = NET.get(e.requestId); if (r) r.done = e.timestamp; });
await page.goto(`${base}/search`, {waitUntil: 'networkidle'});
await page.waitForSelector('html[data-has-hydrated="true"]', {state: 'attached'});
if (values.css) await page.addStyleTag({content: values.css});
await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});

function timeQuery(q) {
  return page.evaluate(
    (q) =>
      new Promise((resolve, reject) => {
        const box = document.querySelector('input[type="search"]');
        const status = document.querySelector('[role="status"]');
        const rendered = () => /found for “|No results for “/.test(status.textContent ?? '') && status.textContent.includes(q);
        const busy = () => document.querySelector('main [aria-busy="true"]') !== null;
        performance.mark('q-start');
        const started = performance.now();
        let renderedMs;
        const check = () => {
          if (renderedMs === undefined && rendered()) {
            renderedMs = -1;
            performance.mark('q-dom');
            requestAnimationFrame(() => {
              performance.mark('q-rendered');
              renderedMs = performance.now() - started;
              check();
            });
          }
          if (renderedMs > 0 && !busy()) {
            observer.disconnect();
            performance.mark('q-complete');
            resolve({rendered: renderedMs, complete: performance.now() - started});
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.querySelector('main') ?? document.body, {childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy']});
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        setValue.call(box, q);
        box.dispatchEvent(new Event('input', {bubbles: true}));
        setTimeout(() => reject(new Error('timeout')), 30000);
      }),
    q,
  );
}
async function clear() {
  await page.evaluate(() => {
    const box = document.querySelector('input[type="search"]');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(box, '');
    box.dispatchEvent(new Event('input', {bubbles: true}));
  });
  await page.waitForFunction(() => (document.querySelector('[role="status"]')?.textContent ?? '') === '');
}

await page.evaluate(() => document.querySelector('input[type="search"]')?.focus());
await page.waitForTimeout(2500);
console.log('first', await timeQuery('wallet'));
await page.waitForTimeout(1000);

const categories = [
  ...(process.env.CATS ?? 'devtools.timeline,disabled-by-default-v8.cpu_profiler,blink.user_timing').split(','),
].join(',');

async function traced(fn) {
  const events = [];
  const onData = (e) => events.push(...e.value);
  cdp.on('Tracing.dataCollected', onData);
  await cdp.send('Tracing.start', {categories, options: 'sampling-frequency=10000', transferMode: 'ReportEvents'});
  const result = await fn();
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  cdp.off('Tracing.dataCollected', onData);
  return {result, events};
}

const BUCKETS = [
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)$/],
  ['layout', /^(Layout|UpdateLayout|InvalidateLayout)$/],
  ['paint/commit', /^(PrePaint|Paint|PaintImage|Layerize|UpdateLayer|UpdateLayerTree|Commit|CompositeLayers|PaintSetup|RasterTask|LocalFrameView::RunPostLifecycleSteps|LocalFrameView::RunPrePaintLifecyclePhase|LocalFrameView::RunPaintLifecyclePhase|LocalFrameView::RunCompositingInputsLifecyclePhase|IntersectionObserverController::computeIntersections|UpdateLifecyclePhases)$/],
  ['gc', /GC|garbage/i],
  ['compile', /compile|Parse|Deserialize|v8\.parse|CacheProduce/i],
  ['net handling', /^(ResourceReceiveResponse|ResourceReceivedData|ResourceFinish|ResourceSendRequest|ResourceChangePriority|ResourceLoad|ResourceMarkAsCached)$/],
];

function categorise(names) {
  const s = names.join(' < ');
  const leaf = names[0];
  if (/^\(idle\)/.test(leaf)) return 'idle';
  if (/^\(program\)/.test(leaf)) return 'program (native: style, layout, paint, events)';
  if (/^\(garbage collector\)/.test(leaf)) return 'gc';
  if (/commitRoot|commitMutationEffects|commitLayoutEffects/.test(s)) return 'react commit';
  if (/performWorkOnRoot|renderRootSync|workLoopSync|performSyncWorkOnRoot/.test(s)) return 'react render';
  if (/load_index_chunk/.test(s)) return 'pagefind: load_index_chunk';
  if (/request_indexes/.test(s)) return 'pagefind: request_indexes';
  if (/wasm/.test(leaf) && /search@pagefind/.test(s)) return 'pagefind: wasm search';
  if (/wasm/.test(leaf)) return 'pagefind: wasm other';
  if (/pagefind\.js/.test(leaf)) return `pagefind js: ${leaf.replace(/@.*/, '')}`;
  if (/(parse|stringify)@$/.test(leaf) && /pagefind\.js/.test(s)) return 'pagefind js: JSON';
  if (/Segmenter|segment/.test(leaf)) return 'pagefind js: Intl';
  if (/pagefind\.js/.test(s)) return `pagefind js (native): ${leaf.replace(/@.*/, '')}`;
  const ours = names.find((n) => /@728\./.test(n));
  if (ours && !/@main\./.test(leaf)) return `ours: ${ours.replace(/@.*/, '')} (${leaf.replace(/@.*/, '')})`;
  if (ours) return `ours: ${ours.replace(/@.*/, '')}`;
  if (/check@|rendered@|evaluate|__playwright/.test(s) || /^(mark|MutationObserver|set value|dispatchEvent)@/.test(leaf)) return 'harness';
  return `other: ${leaf}`;
}
const TOTAL = new Map();
const DELTAS = {n: 0, sum: 0};
const PHASES = [];
const SAMPLES = [];
const BYPHASE = new Map();

function analyse(events, label) {
  const meta = events.filter((e) => e.ph === 'M' && e.name === 'thread_name');
  const marks = events.filter((e) => e.cat?.includes('blink.user_timing') && /^q-/.test(e.name));
  const mark = (n) => marks.find((e) => e.name === n);
  const start = mark('q-start');
  const end = mark('q-rendered');
  if (!start || !end) return console.log('no marks', marks.map((m) => m.name));
  const pid = start.pid;
  const main = meta.find((m) => m.pid === pid && m.args.name === 'CrRendererMain');
  const tid = main.tid;
  const t0 = start.ts;
  const t1 = end.ts;
  const win = (t1 - t0) / 1000;
  // X events on main thread (and B/E pairs converted).
  const xs = [];
  const open = [];
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid) continue;
    if (e.ph === 'X') xs.push({name: e.name, ts: e.ts, end: e.ts + (e.dur ?? 0), args: e.args});
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) xs.push({name: b.name, ts: b.ts, end: e.ts, args: b.args});
    }
  }
  xs.sort((a, b) => a.ts - b.ts || b.end - a.end);
  // nest
  const roots = [];
  const stack = [];
  for (const x of xs) {
    x.children = [];
    while (stack.length && stack[stack.length - 1].end <= x.ts) stack.pop();
    if (stack.length && x.end <= stack[stack.length - 1].end) stack[stack.length - 1].children.push(x);
    else roots.push(x);
    stack.push(x);
  }
  const clip = (a, b) => Math.max(0, Math.min(b, t1) - Math.max(a, t0));
  const self = new Map();
  const walk = (x) => {
    let s = clip(x.ts, x.end);
    for (const c of x.children) s -= clip(c.ts, c.end);
    self.set(x.name, (self.get(x.name) ?? 0) + s);
    x.children.forEach(walk);
  };
  roots.forEach(walk);
  let busy = 0;
  const tasks = [];
  for (const r of roots) {
    const c = clip(r.ts, r.end);
    if (c > 300) {
      busy += c;
      const kids = new Map();
      const collect = (x) => {
        const cs = clip(x.ts, x.end) - x.children.reduce((a, k) => a + clip(k.ts, k.end), 0);
        kids.set(x.name, (kids.get(x.name) ?? 0) + cs);
        x.children.forEach(collect);
      };
      collect(r);
      const top = [...kids].filter(([, v]) => v > 300).sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`);
      tasks.push(`  @${((Math.max(r.ts, t0) - t0) / 1000).toFixed(1)} ${r.name} ${(c / 1000).toFixed(1)}ms [${top.join(', ')}]`);
    }
  }
  const buckets = {};
  for (const [name, s] of self) {
    const b = BUCKETS.find(([, re]) => re.test(name))?.[0] ?? 'js/other:' + name;
    buckets[b] = (buckets[b] ?? 0) + s;
  }
  // CPU profile samples.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid) ?? events.find((e) => e.name === 'Profile' && e.pid === pid);
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile?.id);
  const nodes = new Map();
  let ts = profile?.args?.data?.startTime ?? 0;
  const js = new Map();
  const jsCat = new Map();
  const parentOf = new Map();
  for (const ch of chunks) {
    const d = ch.args.data;
    for (const n of d.cpuProfile?.nodes ?? []) {
      nodes.set(n.id, n);
      if (n.parent) parentOf.set(n.id, n.parent);
    }
    const samples = d.cpuProfile?.samples ?? [];
    const deltas = d.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      ts += deltas[i] ?? 0;
      if (ts >= t0 && ts <= t1) { DELTAS.n++; DELTAS.sum += deltas[i] ?? 0; }
      if (ts < t0 || ts > t1) continue;
      const n = nodes.get(samples[i]);
      const cf = n?.callFrame ?? {};
      const url = (cf.url ?? '').replace(/^.*\//, '');
      const key = `${cf.functionName || '(anon)'} ${url}`;
      js.set(key, (js.get(key) ?? 0) + 1);
      // category by stack
      const names = [];
      for (let id = samples[i]; id; id = parentOf.get(id)) {
        const f = nodes.get(id)?.callFrame ?? {};
        names.push(`${f.functionName}@${(f.url ?? "").replace(/^.*\//, "")}${process.env.STACKS && /728/.test(f.url ?? "") ? ":" + f.lineNumber + ":" + f.columnNumber : ""}`);
      }
      const cat = categorise(names);
      SAMPLES.push({ts, cat});
      if (process.env.STACKS && cat.startsWith(process.env.STACKS) && ts >= t0 && ts <= t1) console.log('    STACK ' + names.slice(0, 12).join(' < '));
      jsCat.set(cat, (jsCat.get(cat) ?? 0) + 1);
      TOTAL.set(cat, (TOTAL.get(cat) ?? 0) + 1);
    }
  }
  // Phases: the input task, frames (tasks with style/layout/paint), other work (network responses, the search), idle.
  const names = (x, out = new Set()) => (out.add(x.name), x.children.forEach((c) => names(c, out)), out);
  const phase = {input: 0, keyFrame: 0, otherWork: 0, finalFrame: 0, idle: 0};
  const top = roots.filter((r) => clip(r.ts, r.end) > 0);
  top.forEach((r, i) => {
    const c = clip(r.ts, r.end) / 1000;
    const n = names(r);
    if (i === 0 && n.has('EventDispatch')) phase.input += c;
    else if (n.has('FireAnimationFrame') && r.end >= t1 - 100) phase.finalFrame += c;
    else if (n.has('Paint') || n.has('Layout') || n.has('UpdateLayoutTree') || n.has('PrePaint')) phase.keyFrame += c;
    else phase.otherWork += c;
  });
  phase.idle = win - busy / 1000;
  PHASES.push(phase);
  const net = events.filter((e) => e.pid === pid && /^Resource(SendRequest|ReceiveResponse|Finish)$/.test(e.name) && e.ts >= t0 - 1000 && e.ts <= t1);
  const reqUrl = new Map();
  for (const e of net) if (e.args?.data?.url) reqUrl.set(e.args.data.requestId, e.args.data.url.replace(/^.*\//, ''));
  console.log('  net: ' + net.map((e) => `${e.name.replace('Resource', '')}@${((e.ts - t0) / 1000).toFixed(1)} ${reqUrl.get(e.args?.data?.requestId) ?? ''}`).join(', '));
  console.log('  tasks: ' + top.filter((r) => clip(r.ts, r.end) > 500).map((r) => `${((r.ts - t0) / 1000).toFixed(1)}+${(clip(r.ts, r.end) / 1000).toFixed(1)}`).join(' '));
  console.log(`  phases ${label}: ` + Object.entries(phase).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', '));
  // Samples by phase
  const phaseOf = (t) => {
    const i = top.findIndex((r) => r.ts <= t && t <= r.end);
    if (i < 0) return 'idle';
    const r = top[i];
    const n = names(r);
    if (i === 0 && n.has('EventDispatch')) return 'input';
    if (n.has('FireAnimationFrame') && r.end >= t1 - 100) return 'finalFrame';
    if (n.has('Paint') || n.has('Layout') || n.has('UpdateLayoutTree') || n.has('PrePaint')) return 'keyFrame';
    return clip(r.ts, r.end) > 8000 ? 'bigTask' : 'otherWork';
  };
  const mine = new Map();
  for (const {ts: st, cat} of SAMPLES.splice(0)) {
    const k = `${phaseOf(st)} | ${cat}`;
    BYPHASE.set(k, (BYPHASE.get(k) ?? 0) + 1);
    if (k.startsWith('bigTask') || k.startsWith('input')) mine.set(k, (mine.get(k) ?? 0) + 1);
  }
  if (mine.size) console.log('  samples(0.1ms, x4 wall): ' + [...mine].sort((a, b) => b[1] - a[1]).slice(0, 9).map(([k, v]) => `${k} ${v}`).join('; '));
  const totalSamples = [...jsCat.values()].reduce((a, b) => a + b, 0);
  console.log(`\n=== ${label}: window ${win.toFixed(1)} ms; main thread busy ${(busy / 1000).toFixed(1)} ms, idle ${(win - busy / 1000).toFixed(1)} ms; dom->raf ${((end.ts - mark('q-dom').ts) / 1000).toFixed(1)} ms`);
  console.log(' self time by bucket (ms):', Object.entries(buckets).filter(([, v]) => v > 200).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', '));
  console.log(' tasks:');
  console.log(tasks.join('\n'));
  console.log(` samples (${totalSamples}, 0.1ms each):`, [...jsCat].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${(v / 10).toFixed(1)}ms`).join(', '));
  console.log(' top leaf functions:', [...js].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, v]) => `${k} ${(v / 10).toFixed(1)}`).join(' | '));
  return {win, busy: busy / 1000, buckets, jsCat};
}

const rounds = Number(values.rounds);
for (let r = 0; r < rounds; r++) {
  for (const q of QUERIES) {
    await clear();
    await page.waitForTimeout(200);
    NET.clear();
    const {result, events} = await traced(() => timeQuery(q));
    for (const r of NET.values()) if (/pf_index/.test(r.url)) console.log(`  cdp-net ${r.url}: headers +${((r.headers - r.sent) * 1000).toFixed(1)} ms, responseReceived evt +${((r.resp - r.sent) * 1000).toFixed(1)}, finished +${((r.done - r.sent) * 1000).toFixed(1)}`);
    if (values.dump && q === QUERIES[0] && r === 0) writeFileSync(values.dump, JSON.stringify({traceEvents: events}));
    analyse(events, `${q} (${result.rendered.toFixed(1)} ms)`);
  }
}
await browser.close();
const all = [...TOTAL.values()].reduce((a, b) => a + b, 0);
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log('\nPHASES (ms at 4x; median / mean over queries):');
for (const k of Object.keys(PHASES[0] ?? {})) console.log(`  ${k.padEnd(12)} ${med(PHASES.map((p) => p[k])).toFixed(1)} / ${mean(PHASES.map((p) => p[k])).toFixed(1)}`);
console.log(`  total        ${med(PHASES.map((p) => Object.values(p).reduce((a, b) => a + b, 0))).toFixed(1)} / ${mean(PHASES.map((p) => Object.values(p).reduce((a, b) => a + b, 0))).toFixed(1)}`);
console.log('mean sample interval us', DELTAS.sum / DELTAS.n);
console.log('\nBY PHASE, share of samples:');
const allp = [...BYPHASE.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...BYPHASE].sort((a, b) => a[0].split(' | ')[0].localeCompare(b[0].split(' | ')[0]) || b[1] - a[1])) if (v / allp > 0.004) console.log(`  ${((100 * v) / allp).toFixed(1)}%  ${k}`);
console.log('\nALL QUERIES, share of samples:');
for (const [k, v] of [...TOTAL].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${((100 * v) / all).toFixed(1)}%  ${k}`);
