/**
 * The order in which the page's regions resume hydrating after the first
 * hydration, each in a task of its own (Staged.tsx says why).
 */
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
