import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it, vi} from 'vitest';
import catalog from '@sigil/api-spec/behavior-rules.summary.json';

// Docusaurus's aliases do not exist outside its bundler: the two the component uses, reduced to what it needs.
vi.mock('@docusaurus/useDocusaurusContext', () => ({default: () => ({siteConfig: {customFields: {repositoryUrl: 'https://example.test/repo'}}})}));
vi.mock('@theme/Heading', () => ({default: ({as: Tag, id, children}: {as: 'h3'; id: string; children: unknown}) => <Tag id={id}>{children as string}</Tag>}));

const {default: BehaviorRules} = await import('./index');

describe('BehaviorRules', () => {
  it('renders every rule of the bundled catalog under its id, with its codes and scenario link', () => {
    const html = renderToStaticMarkup(<BehaviorRules />);
    expect(catalog.rules.length).toBeGreaterThanOrEqual(30);
    for (const rule of catalog.rules) expect(html).toContain(`<h3 id="${rule.id}">`);
    const denyWins = catalog.rules.find((rule) => rule.id === 'policy.deny-wins')!;
    expect(html).toContain(`href="https://example.test/repo/blob/main/packages/api-spec/rules/policies.yaml#L${denyWins.line}"`);
    expect(html).toContain('<code>7</code> <code>PERMISSION_DENIED</code>');
  });
});
