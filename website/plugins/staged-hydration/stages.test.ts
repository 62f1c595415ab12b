import {describe, expect, it} from 'vitest';
import {existingStage, settleStage, stageOf} from './stages';
import {nextTask} from '../tasks';

describe('the stages of a page load', () => {
  it('makes one stage per region, released in the order asked, each in a task of its own', async () => {
    const order: string[] = [];
    const navbar = stageOf('navbar');
    const footer = stageOf('footer');
    expect(stageOf('navbar')).toBe(navbar);
    expect(existingStage('footer')).toBe(footer);
    expect(existingStage('table of contents')).toBeUndefined();
    expect([navbar, footer].filter((stage) => !stage.released)).toHaveLength(2);
    expect(navbar.released).toBe(false);

    void navbar.promise.then(() => order.push(`navbar (footer released: ${footer.released})`));
    void footer.promise.then(() => order.push('footer'));
    await footer.promise;
    // The navbar's hydration (its promise's reactions) ran before the footer's task began.
    expect(order).toEqual(['navbar (footer released: false)', 'footer']);
    expect([navbar, footer].filter((stage) => !stage.released)).toHaveLength(0);
  });

  it('marks a released region as resuming until it has hydrated once', async () => {
    const sidebar = stageOf('docs sidebar');
    expect(sidebar.resuming).toBe(false);
    await sidebar.promise;
    expect(sidebar.resuming).toBe(true);
    settleStage(sidebar);
    expect(sidebar.resuming).toBe(false);
    await nextTask();
    expect(stageOf('docs sidebar')).toBe(sidebar);
  });
});

describe('the first effects', () => {
  it('run after every region has hydrated, once, and later effects are scheduled as Preact schedules them', async () => {
    const {options} = await import('preact');
    const {holdFirstEffectsForStages} = await import('./stages');
    const before = options.requestAnimationFrame;
    holdFirstEffectsForStages();
    const order: string[] = [];
    const pagination = stageOf('pagination');
    void pagination.promise.then(() => order.push('pagination hydrated'));
    const flushed = new Promise<void>((resolve) =>
      options.requestAnimationFrame!(() => {
        order.push('effects');
        resolve();
      }),
    );
    // A region made after the effects asked (later in the same hydration) still comes first.
    const footer2 = stageOf('footer, second page load');
    void footer2.promise.then(() => order.push('footer hydrated'));
    await flushed;
    expect(order).toEqual(['pagination hydrated', 'footer hydrated', 'effects']);
    expect(options.requestAnimationFrame).toBe(before);
  });
});
