/*
 * A region of the page (the navbar, the docs sidebar, the table of contents,
 * the pagination, the footer) that hydrates in a task of its own after the
 * page's first hydration, instead of inside it. Hydrating a docs page ran as
 * one task of 60–75 ms on this machine, four times that on Lighthouse's phone,
 * and all of it counted as blocking time; cut at these regions, no one task is
 * long. While the page hydrates, the region suspends, which leaves its elements
 * as the server drew them; its release follows in the next tasks, one region
 * each, before anything after hydration has run (stages.ts). The server render
 * has no boundary (React would write its markers into the page), and neither
 * does a development server's page, which has no server markup to keep.
 */
import {Suspense, useLayoutEffect, useState, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
// useIsBrowser's context: a region that resumes hydrating must see what the server render saw.
import {Context as BrowserContext} from '@docusaurus/core/lib/client/browserContext';
import {existingStage, holdFirstEffectsForStages, settleStage, stageOf, type Stage} from './stages';

/** Whether this page load hydrates markup the server drew (read before the first render writes anything). */
const drawnByServer = ExecutionEnvironment.canUseDOM && document.getElementById('__docusaurus')?.firstElementChild != null;
// Before the first hydration starts: components drawn before the first region ask for their effects early.
if (drawnByServer) holdFirstEffectsForStages();

function Gate({region, children}: {region: string; children: ReactNode}): ReactNode {
  const isBrowser = useIsBrowser();
  // The first hydration makes the region's stage; a region that first renders later (on a page reached by a
  // client-side navigation) has none and renders at once.
  const stage: Stage | undefined = isBrowser ? existingStage(region) : stageOf(region);
  if (stage && !stage.released) throw stage.promise;
  const resuming = stage?.resuming === true;
  const [, rerender] = useState(0);
  useLayoutEffect(() => {
    if (!stage?.resuming) return;
    settleStage(stage);
    // Only when the page ran its effects before this region resumed does it render once more, as after hydration.
    if (isBrowser) rerender((n) => n + 1);
  }, [stage, isBrowser]);
  return <BrowserContext.Provider value={isBrowser && !resuming}>{children}</BrowserContext.Provider>;
}

export default function Staged({region, children}: {region: string; children: ReactNode}): ReactNode {
  if (!drawnByServer) return children;
  return (
    <Suspense fallback={null}>
      <Gate region={region}>{children}</Gate>
    </Suspense>
  );
}

/** Rows to a body by default: a few milliseconds of hydration each, and even, so stripes by position keep their order. */
const ROWS_PER_BODY = 8;

/**
 * A long table's rows, `size` to a `<tbody>`, each body a region of its own
 * (`${region}-1`, `${region}-2`, …): a region keeps exactly one element of
 * the server's markup while it waits, so rows, which may come two to an item,
 * are grouped in bodies. `size` should be even where rows are striped by
 * position (the stripes restart in each body).
 */
export function StagedTableBody({region, size = ROWS_PER_BODY, children}: {region: string; size?: number; children: ReactNode[]}): ReactNode {
  const bodies: ReactNode[] = [];
  for (let start = 0; start < children.length; start += size) {
    const index = start / size + 1;
    bodies.push(
      <Staged key={index} region={`${region}-${index}`}>
        <tbody>{children.slice(start, start + size)}</tbody>
      </Staged>,
    );
  }
  return bodies;
}
