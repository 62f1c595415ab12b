/**
 * A task of its own, for the browser code that cuts a page's start into
 * short tasks (staged-start, route-sections' first preload, staged-hydration,
 * window-size). A message to ourselves is a task at once, after input and
 * rendering already waiting, where nested timers wait 4 ms after the fifth.
 * One channel carries every message, in order, one waiting callback each.
 */
const waiting: (() => void)[] = [];
let channel: MessageChannel | undefined;

export function postTask(run: () => void): void {
  if (typeof MessageChannel !== 'function') {
    setTimeout(run, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
    // Node keeps a process alive while a port listens; a browser page does not care.
    (channel.port1 as {unref?: () => void}).unref?.();
  }
  waiting.push(run);
  channel.port2.postMessage(null);
}

/** Settles in a task of its own. */
export const nextTask = (): Promise<void> => new Promise((resolve) => postTask(resolve));
