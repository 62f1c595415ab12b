/**
 * The browser build's progress bar (plugins/progress-bar/index.ts swaps it in for the `nprogress` package): the
 * calls theme-classic's client module makes (`configure`, `start`, `done`), the same markup its style sheet draws
 * (`#nprogress .bar .peg`), and the spec's defaults (minimum 0.08, speed 200 ms, trickle every 800 ms). No spinner is
 * ever drawn, and the bar carries no ARIA role: it only decorates a navigation a screen reader hears through the
 * new page's title.
 */
const settings = {minimum: 0.08, easing: 'ease', speed: 200, trickleSpeed: 800, trickleRate: 0.02};
/** How far the bar is, between the minimum and 1, or null when it is not shown. */
let status: number | null = null;
let trickling = false;
let fading: ReturnType<typeof setTimeout> | undefined;

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

function bar(): HTMLElement {
  const existing = document.getElementById('nprogress');
  if (existing) return existing.firstElementChild as HTMLElement;
  const root = document.createElement('div');
  root.id = 'nprogress';
  const line = document.createElement('div');
  line.className = 'bar';
  line.style.transform = 'translate3d(-100%,0,0)';
  const peg = document.createElement('div');
  peg.className = 'peg';
  line.append(peg);
  root.append(line);
  document.body.append(root);
  document.documentElement.classList.add('nprogress-busy');
  return line;
}

function set(n: number): void {
  const value = clamp(n, settings.minimum, 1);
  status = value === 1 ? null : value;
  const line = bar();
  const root = line.parentElement!;
  clearTimeout(fading);
  root.style.transition = '';
  root.style.opacity = '';
  // Laid out at its current place first, so that the move is animated.
  void root.offsetWidth;
  line.style.transition = `all ${settings.speed}ms ${settings.easing}`;
  line.style.transform = `translate3d(${(value - 1) * 100}%,0,0)`;
  if (value < 1) return;
  fading = setTimeout(() => {
    root.style.transition = `all ${settings.speed}ms linear`;
    root.style.opacity = '0';
    fading = setTimeout(() => {
      root.remove();
      document.documentElement.classList.remove('nprogress-busy');
    }, settings.speed);
  }, settings.speed);
}

/** A step forward that shrinks as the bar nears its end, so a slow page never fills it before it arrives. */
function inc(amount?: number): void {
  if (status === null) {
    start();
    return;
  }
  const step = amount ?? (1 - status) * clamp(Math.random() * status, 0.1, 0.95);
  set(clamp(status + step, 0, 0.994));
}

function start(): void {
  if (status === null) set(0);
  if (trickling) return;
  trickling = true;
  const tick = () =>
    setTimeout(() => {
      if (status === null) {
        trickling = false;
        return;
      }
      inc(Math.random() * settings.trickleRate);
      tick();
    }, settings.trickleSpeed);
  tick();
}

function done(): void {
  if (status === null) return;
  inc(0.3 + 0.5 * Math.random());
  set(1);
}

/** Options the theme passes (`showSpinner`) that change nothing here are accepted and ignored. */
function configure(options: Partial<typeof settings> & {showSpinner?: boolean}): void {
  const {showSpinner: _ignored, ...rest} = options;
  Object.assign(settings, rest);
}

export default {configure, start, done, set, inc};
