import {useEffect, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import PolicyPlayground from '@site/src/components/PolicyPlayground/Lazy';
import {POLICY_EXAMPLES} from '@sigil/policy/examples';

/** The example named by `?example=<id>`, if it is a known one. */
export function exampleIdFromSearch(search: string): string | undefined {
  const id = new URLSearchParams(search).get('example');
  return id !== null && POLICY_EXAMPLES.some((e) => e.id === id) ? id : undefined;
}

/**
 * The policy playground, started from the example in the page address (`?example=<id>`), so the
 * "Try it" links of the examples page open it with that policy loaded.
 */
export default function PolicyPlaygroundFromUrl(): ReactNode {
  const {search} = useLocation();
  // Read the address after hydration: the server render has no query, and both renders must match.
  const [exampleId, setExampleId] = useState<string | undefined>(undefined);
  useEffect(() => setExampleId(exampleIdFromSearch(search)), [search]);
  // A new key remounts the playground, because it only reads its props when it mounts.
  return <PolicyPlayground key={exampleId ?? 'default'} {...(exampleId ? {exampleId} : {})} />;
}
