import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it, vi} from 'vitest';
import catalogue from '@sigil/api-spec/behaviour-rules.summary.json';

// Docusaurus's aliases do not exist outside its bundler: the two the component uses, reduced to what it needs.
vi.mock('@docusaurus/useDocusaurusContext', () => ({default: () => ({siteConfig: {customFields: {repositoryUrl: 'https://example.test/repo'}}})}));
vi.mock('@theme/Heading', () => ({default: ({as: Tag, id, children}: {as: 'h3'; id: string; children: unknown}) => <Tag id={id}>{children as string}</Tag>}));

const {default: BehaviourRules} = await import('./index');

describe('BehaviourRules', () => {
  it('renders every rule of the bundled catalogue under its id, with its codes and scenario link', () => {
    const html = renderToStaticMarkup(<BehaviourRules />);
    expect(catalogue.rules.length).toBeGreaterThanOrEqual(30);
    for (const rule of catalogue.rules) expect(html).toContain(`<h3 id="${rule.id}">`);
    const denyWins = catalogue.rules.find((rule) => rule.id === 'policy.deny-wins')!;
    expect(html).toContain(`href="https://example.test/repo/blob/main/packages/api-spec/rules/policies.yaml#L${denyWins.line}"`);
    expect(html).toContain('<code>7</code> <code>PERMISSION_DENIED</code>');
  });
});
