import {lazy, useCallback, useMemo, useState, type ComponentType, type LazyExoticComponent} from 'react';

/**
 * `React.lazy` remembers a failed import for good, so a Retry button would
 * render the same rejection again. This hook makes a fresh lazy component
 * on `retry()`: the bundler fetches the chunk again (it forgets failed chunks).
 */
export function useRetryableLazy<P extends object>(
  load: () => Promise<{default: ComponentType<P>}>,
): [LazyExoticComponent<ComponentType<P>>, () => void] {
  const [attempt, setAttempt] = useState(0);
  // `load` is a module-level import function; a new attempt is the only reason to rebuild.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Component = useMemo(() => lazy(load), [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return [Component, retry];
}
