import {chromium} from 'playwright-core';
import {chromiumLaunchOptions} from '../scripts/browser/chromium.mjs';
const [url, fnName, k] = process.argv.slice(2);
const b = await chromium.launch(chromiumLaunchOptions);
const ctx = await b.newContext({viewport:{width:412,height:823}, isMobile: true, hasTouch: true});
const p = await ctx.newPage();
const s = await ctx.newCDPSession(p);
await s.send('Emulation.setCPUThrottlingRate', {rate: 4});
await s.send('Profiler.enable');
await s.send('Profiler.setSamplingInterval', {interval: 100});
await s.send('Profiler.start');
await p.goto(url, {waitUntil: 'load'});
await new Promise(r => setTimeout(r, 5000));
const {profile} = await s.send('Profiler.stop');
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = n => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber+1}`;
const incl = new Map(); let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i+1] ?? 0) / 1000;
  let id = profile.samples[i]; const chain = [];
  while (id !== undefined) { chain.push(byId.get(id)); id = parent.get(id); }
  if (fnName !== '*' && !chain.some(n => n.callFrame.functionName === fnName)) continue;
  if (chain[0].callFrame.functionName === '(idle)') continue;
  total += dt;
  const seen = new Set();
  for (const n of chain) { const l = label(n); if (seen.has(l)) continue; seen.add(l); if (/^([A-Z]\w*[a-z]\w*|use\w+|renderApp|hydrateRoot) /.test(l)) incl.set(l, (incl.get(l) ?? 0) + dt); }
}
console.log('total under', fnName, total.toFixed(1));
console.log([...incl].sort((a,b)=>b[1]-a[1]).slice(0, Number(k ?? 40)).map(([l,v]) => `${v.toFixed(1).padStart(6)} ${l}`).join('\n'));
await b.close();
