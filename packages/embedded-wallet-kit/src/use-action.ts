import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError, toError } from './errors.js';

/** Runs one async step at a time, with its busy state and the message of its last failure. */
export function useAction(onError?: (error: Error) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(
    async <T,>(step: () => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      setError(undefined);
      try {
        return await step();
      } catch (thrown) {
        const failure = toError(thrown);
        if (mounted.current) setError(describeError(failure));
        onError?.(failure);
        return undefined;
      } finally {
        if (mounted.current) setBusy(false);
      }
    },
    [onError],
  );
  return { busy, error, setError, run };
}
