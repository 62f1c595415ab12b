/**
 * A page's scripts start after its first frame is on screen. As `defer`
 * scripts they downloaded while the page parsed, sharing a slow connection
 * with the stylesheet that holds back the first paint, and ran as soon as the
 * parser finished whenever they had arrived (a fast network, a warm cache):
 * main.js's evaluation and React's hydration, a few hundred milliseconds on a
 * slow phone, then came before the browser drew the server-rendered text.
 * Every page is readable without JavaScript, so the text goes first: the
 * deferred script tags leave the head, their addresses go into a JSON block
 * at the end of the body, and one inline loader adds them, in the same order,
 * once the first frame has been presented. A page in a background tab has no
 * frame to wait for and starts at once.
 */

/** The id of the JSON block that lists the page's scripts in order. */
export const AFTER_PAINT_LIST_ID = '__after_paint';

// ES5 on purpose: it runs before any bundle, in every browser that opens the page. Identical on every page,
// so the content security policy allows it with one hash. `async = false` keeps the scripts' order (the
// runtime, then main.js, then the route's chunks), as `defer` did. "Once the first frame has been presented"
// means both: two animation frames have passed since the whole page was parsed (the frame that draws it has
// been produced), and the browser has reported the first contentful paint (a paint entry is queued only when
// its frame is on screen, which in a software-rendered browser comes well after the frame's main-thread work).
// A browser without paint entries starts after the frames; one that never reports the paint, two seconds later.
export const AFTER_PAINT_LOADER =
  '(function(){var d=document,w=window,done=0,framed=0,painted=0;' +
  'function s(){if(done)return;done=1;var l=JSON.parse(d.getElementById("' +
  AFTER_PAINT_LIST_ID +
  '").textContent);for(var i=0;i<l.length;i++){var e=d.createElement("script");e.src=l[i];e.async=false;d.head.appendChild(e)}}' +
  'function go(){if(framed&&painted)setTimeout(s,0)}' +
  'if(d.visibilityState==="hidden")return s();' +
  'var P=w.PerformanceObserver,types=P&&P.supportedEntryTypes||[];' +
  'if(types.indexOf("paint")<0)painted=1;else{var o=new P(function(list){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();painted=1;go()}});o.observe({type:"paint",buffered:true})}' +
  'requestAnimationFrame(function(){requestAnimationFrame(function(){framed=1;go();setTimeout(function(){painted=1;go()},2000)})})})()';

const DEFERRED_SCRIPT_RE = /<script\s+src=("[^"]+"|'[^']+'|[^\s"'>]+)\s+defer(?:=["']?defer["']?)?\s*><\/script>/g;

/** The scripts a page starts after its first frame, in order (for tests and the budget check). */
export function scriptsAfterFirstPaint(html: string): string[] | undefined {
  const block = new RegExp(`<script type="application/json" id="${AFTER_PAINT_LIST_ID}">([^<]*)</script>`).exec(html);
  return block ? (JSON.parse(block[1]!) as string[]) : undefined;
}

/** The page with its deferred scripts started by the loader after the first frame. */
export function withScriptsAfterFirstPaint(html: string): string {
  if (html.includes(AFTER_PAINT_LOADER)) return html;
  const scripts: string[] = [];
  const rewritten = html.replace(DEFERRED_SCRIPT_RE, (_tag, src: string) => {
    scripts.push(src.replace(/^["']|["']$/g, ''));
    return '';
  });
  if (scripts.length === 0) return html;
  const end = rewritten.lastIndexOf('</body>');
  if (end === -1) throw new Error('withScriptsAfterFirstPaint: the page has no </body>');
  // Addresses of the build's own files: no `<` can occur in them, so the JSON cannot end the block early.
  const list = `<script type="application/json" id="${AFTER_PAINT_LIST_ID}">${JSON.stringify(scripts)}</script>`;
  return rewritten.slice(0, end) + list + `<script>${AFTER_PAINT_LOADER}</script>` + rewritten.slice(end);
}
