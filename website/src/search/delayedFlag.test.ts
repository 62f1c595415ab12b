import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {createDelayedFlag} from './delayedFlag';

describe('createDelayedFlag', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns on only after the delay', () => {
    const changes: boolean[] = [];
    const flag = createDelayedFlag(200, (on) => changes.push(on));
    flag.set(true);
    vi.advanceTimersByTime(199);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
  });

  it('does not restart the delay while it stays asked on', () => {
    const changes: boolean[] = [];
    const flag = createDelayedFlag(200, (on) => changes.push(on));
    flag.set(true);
    vi.advanceTimersByTime(150);
    flag.set(true);
    vi.advanceTimersByTime(50);
    expect(changes).toEqual([true]);
  });

  it('never turns on when asked off within the delay, and turns off at once', () => {
    const changes: boolean[] = [];
    const flag = createDelayedFlag(200, (on) => changes.push(on));
    flag.set(true);
    vi.advanceTimersByTime(100);
    flag.set(false);
    vi.advanceTimersByTime(500);
    expect(changes).toEqual([]);
    flag.set(true);
    vi.advanceTimersByTime(200);
    flag.set(false);
    expect(changes).toEqual([true, false]);
  });

  it('drops a pending switch when disposed', () => {
    const onChange = vi.fn();
    const flag = createDelayedFlag(200, onChange);
    flag.set(true);
    flag.dispose();
    vi.advanceTimersByTime(1000);
    expect(onChange).not.toHaveBeenCalled();
  });
});
