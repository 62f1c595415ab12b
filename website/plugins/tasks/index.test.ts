import {describe, expect, it} from 'vitest';
import {nextTask, postTask} from './index';

describe('postTask', () => {
  it('runs each callback in a task of its own, in the order posted, after the microtasks of the one before', async () => {
    const order: string[] = [];
    postTask(() => {
      order.push('first');
      queueMicrotask(() => order.push('first microtask'));
    });
    postTask(() => order.push('second'));
    expect(order).toEqual([]);
    await nextTask();
    expect(order).toEqual(['first', 'first microtask', 'second']);
  });
});
