import {useCallback, useMemo, useRef, type ComponentType, type ReactNode} from 'react';
import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';
import {shallowMemoDependencies} from './dependencies';

/*
 * theme-common's small React helpers (utils/reactUtils), the same five exports with one change:
 * `useShallowMemoObject` orders an object's keys by code unit, not with `localeCompare`. The first
 * `localeCompare` a page calls builds the browser's collator for the page's locale; on a phone that is about a
 * tenth of the work a docs page does after its scripts load (the mobile sidebar's menu filler asks for it while
 * the phone layout renders; bench/PROFILE.md). Any fixed order of the keys gives the same memo.
 */

/** A callback whose identity never changes and which always calls the latest `callback`. */
export function useEvent<T extends (...args: never[]) => unknown>(callback: T): T {
  const latest = useRef(callback);
  useIsomorphicLayoutEffect(() => {
    latest.current = callback;
  }, [callback]);
  return useCallback(((...args) => latest.current(...args)) as T, []);
}

/** The value of the render before this one (undefined on the first). */
export function usePrevious<T>(value: T): T | undefined {
  const previous = useRef<T | undefined>(undefined);
  useIsomorphicLayoutEffect(() => {
    previous.current = value;
  });
  // Read during render on purpose: that is what this hook is for.
  return previous.current;
}

/** The error a theme hook throws when the provider it reads is not above it. */
export class ReactContextError extends Error {
  constructor(providerName: string, additionalInfo?: string) {
    super();
    this.name = 'ReactContextError';
    const hook = this.stack?.split('\n')[1]?.match(/at (?:\w+\.)?(?<name>\w+)/)?.groups?.['name'] ?? '';
    this.message = `Hook ${hook} is called outside the <${providerName}>. ${additionalInfo ?? ''}`;
  }
}

/** The same object as the previous render's when its keys and their values have not changed. */
export function useShallowMemoObject<T extends object>(object: T): T {
  // The dependencies are the object's entries, which the linter cannot see.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => object, shallowMemoDependencies(object));
}

/** One component that nests the given providers, the first outermost. */
export function composeProviders(providers: ComponentType<{children: ReactNode}>[]): ComponentType<{children: ReactNode}> {
  return function ComposedProviders({children}) {
    return <>{providers.reduceRight<ReactNode>((inner, Provider) => <Provider>{inner}</Provider>, children)}</>;
  };
}
