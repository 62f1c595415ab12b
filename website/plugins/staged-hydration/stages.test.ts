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
