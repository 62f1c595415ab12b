/**
 * The order in which the page's regions resume hydrating after the first
 * hydration, each in a task of its own (Staged.tsx says why).
 */
import {options} from 'preact';
import {postTask} from '../tasks';

export interface Stage {
  /** Settles when the region may hydrate. */
  promise: Promise<void>;
  released: boolean;
  /** The region hydrates (its first render after release); the next render is an ordinary one. */
  resuming: boolean;
}

const stages = new Map<string, Stage>();

/**
 * The region's stage on this page load, made (and its release posted) the
 * first time the region asks, which is during the first hydration. Regions
 * ask in the order they render, and each release is posted as its own task
 * then, in that order, all of them before any effect of the hydration runs:
 * effects wait for the next frame, so no region resumes after the state they
 * change (whether the page runs in a browser, the window's size) has moved
 * from what the server drew.
 */
export function stageOf(region: string): Stage {
  let stage = stages.get(region);
  if (!stage) {
    let release!: () => void;
    const created: Stage = {promise: new Promise<void>((resolve) => (release = resolve)), released: false, resuming: false};
    stage = created;
    stages.set(region, created);
    postTask(() => {
      created.released = true;
      created.resuming = true;
      release();
    });
  }
  return stage;
}

/** The region's stage, when the first hydration made one. */
export const existingStage = (region: string): Stage | undefined => stages.get(region);

/** The region has hydrated; later renders are ordinary ones. */
export function settleStage(stage: Stage): void {
  stage.resuming = false;
}

/** Calls `run` in a task after every stage made so far has been released and has rendered. */
function whenStagesRun(run: () => void): void {
  postTask(() => {
    const pending = [...stages.values()].filter((stage) => !stage.released);
    if (pending.length === 0) run();
    else void Promise.all(pending.map((stage) => stage.promise)).then(() => whenStagesRun(run));
  });
}

/**
 * The first hydration's effects wait for every region to hydrate, then run
 * together, in one pass, as they did before regions were staged. Preact runs
 * effects after the next frame, and a frame can come between two regions'
 * tasks: without this, the page would turn "in the browser" (and say it has
 * hydrated) while a region's own effects, such as the navbar's search
 * shortcuts, had not run. Preact asks `options.requestAnimationFrame` for
 * that moment when it is set; it is set only until the first pass is
 * scheduled.
 */
export function holdFirstEffectsForStages(): void {
  const own = options.requestAnimationFrame;
  options.requestAnimationFrame = (flushEffects: () => void) => {
    whenStagesRun(() => {
      options.requestAnimationFrame = own;
      postTask(flushEffects);
    });
  };
}

