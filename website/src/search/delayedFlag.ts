import {useEffect, useState} from 'react';

/**
 * How long a search may run before the UI says "Searching…": the site's
 * progress indicator delay (spec). Most answers come sooner, and the line
 * would only flash by, cost the keystroke's frame a layout and make a
 * screen reader announce it before the results.
 */
export const SEARCHING_DELAY_MS = 200;

export interface DelayedFlag {
  /** Asks for the flag on (it turns on after the delay, unless asked off first) or off (at once). */
  set(active: boolean): void;
  /** Stops a pending switch-on. */
  dispose(): void;
}

/** A flag that turns on once it has been asked on for `delayMs` without interruption, and off at once. */
export function createDelayedFlag(delayMs: number, onChange: (on: boolean) => void): DelayedFlag {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let on = false;
  const switchTo = (next: boolean): void => {
    if (next !== on) {
      on = next;
      onChange(next);
    }
  };
  return {
    set(active) {
      if (!active) {
        clearTimeout(timer);
        timer = undefined;
        switchTo(false);
      } else if (!on && timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          switchTo(true);
        }, delayMs);
      }
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** `active`, once it has stayed true for `delayMs`; false at once when it turns false. */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [on, setOn] = useState(false);
  const [flag] = useState(() => createDelayedFlag(delayMs, setOn));
  useEffect(() => flag.set(active), [flag, active]);
  useEffect(() => () => flag.dispose(), [flag]);
  return active && on;
}
