import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
// The examples entry point holds data only, so this page does not pull in the policy parser.
import {POLICY_EXAMPLES} from '@sigil/policy/examples';
import type {PolicyExample as Example} from '@sigil/policy/examples';
import MarkdownTable from '../MarkdownTable';
import styles from './styles.module.css';

/** Where the playground lives; it reads `?example=<id>` (see PolicyPlaygroundFromUrl). */
export const PLAYGROUND_PATH = '/concepts/policies/language';

export function playgroundHref(id: string): string {
  return `${PLAYGROUND_PATH}?example=${encodeURIComponent(id)}#playground`;
}

export function findExample(id: string): Example {
  const example = POLICY_EXAMPLES.find((e) => e.id === id);
  // Fail the build rather than render a page with a silently missing policy.
  if (!example) throw new Error(`Unknown policy example "${id}"; see POLICY_EXAMPLES in @sigil/policy`);
  return example;
}

/** Request JSON as readers would write it: two-space indent, bigints as decimal strings. */
export function requestToJson(request: unknown): string {
  return JSON.stringify(request, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2);
}

const OUTCOME_TEXT: Record<string, string> = {
  ALLOW: 'allowed',
  DENY: 'denied',
  CONSENSUS_NEEDED: 'waits for approvals',
  ROOT_QUORUM: 'decided by the root quorum',
};

/**
 * One policy from POLICY_EXAMPLES with its sample requests and their expected outcomes. The policy
 * package's tests evaluate every one of these cases, so what the page shows is what the engine does.
 * Put the example's title in an MDX `###` heading above it, with the example ID as its anchor in MDX comment
 * syntax, so the example appears in the table of contents and keeps a stable link.
 */
export default function PolicyExample({id}: {id: string}): ReactNode {
  const example = findExample(id);
  const {policy} = example;
  return (
    <div className={styles.example}>
      <p>{example.description}</p>
      <dl className={styles.facts}>
        <dt>Policy name</dt>
        <dd>
          <code>{policy.policyName}</code>
        </dd>
        <dt>Effect</dt>
        <dd>
          <code>{policy.effect}</code>
        </dd>
      </dl>
      {policy.condition ? (
        <CodeBlock language="text" title="condition">
          {policy.condition}
        </CodeBlock>
      ) : (
        <p>
          No <code>condition</code>: the policy applies to every request.
        </p>
      )}
      {policy.consensus && (
        <CodeBlock language="text" title="consensus">
          {policy.consensus}
        </CodeBlock>
      )}
      <MarkdownTable className={styles.cases} label={`Sample requests: ${example.title}`}>
        <caption>Sample requests and what the engine decides</caption>
        <thead>
          <tr>
            <th scope="col">Request</th>
            <th scope="col">Outcome</th>
          </tr>
        </thead>
        <tbody>
          {example.cases.map((c) => (
            <tr key={c.name}>
              <td>
                <details>
                  <summary>{c.name}</summary>
                  <pre className={styles.request} tabIndex={0}>
                    <code>{requestToJson(c.request)}</code>
                  </pre>
                </details>
              </td>
              <td>
                <code>{c.expected}</code> <span className={styles.outcomeText}>({OUTCOME_TEXT[c.expected] ?? c.expected})</span>
              </td>
            </tr>
          ))}
        </tbody>
      </MarkdownTable>
      <p>
        {/* The label starts with the visible text, and names the example so that each link is distinct. */}
        <Link className={styles.tryIt} to={playgroundHref(example.id)} aria-label={`Try it in the playground: ${example.title}`}>
          Try it in the playground
        </Link>
      </p>
    </div>
  );
}
