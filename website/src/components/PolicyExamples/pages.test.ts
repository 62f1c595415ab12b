import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {
  ACTIVITY_TYPES,
  CONTEXT_FIELDS,
  METHODS,
  QUANTIFIERS,
  POLICY_EXAMPLE_GROUPS,
  POLICY_EXAMPLES,
  check,
  evaluatePolicies,
  parse,
} from '@sigil/policy';
import type {PolicyRequest} from '@sigil/policy';

// The policy pages show policies and reference tables; these tests hold them to the engine itself.
const doc = (path: string) => readFileSync(new URL(`../../../docs/${path}.mdx`, import.meta.url), 'utf8');
const page = (id: string) => doc(`concepts/policies/${id}`);

describe('examples page', () => {
  const mdx = page('examples');

  test('shows every POLICY_EXAMPLE once, under its group, with its title as a ### heading', () => {
    const expected: string[] = [];
    for (const group of POLICY_EXAMPLE_GROUPS) {
      expected.push(`## ${group}`);
      for (const e of POLICY_EXAMPLES.filter((x) => x.group === group)) {
        expected.push(`### ${e.title} {/* #${e.id} */}`, `<PolicyExample id="${e.id}" />`);
      }
    }
    const shown = mdx
      .split('\n')
      .filter((line) => /^(## |### |<PolicyExample )/.test(line) && line !== '## Next steps');
    expect(shown).toEqual(expected);
  });

  test('renders at least 20 examples', () => {
    expect(mdx.match(/<PolicyExample id=/g)?.length ?? 0).toBeGreaterThanOrEqual(20);
  });
});

describe('quickstart policy', () => {
  const mdx = page('quickstart');
  // The policy of the quickstart is the all-approvers-from-ops example with real tag IDs in it.
  const conditionTemplate = "private_key.tags.contains('${hotTagId}')";
  const consensusTemplate = "approvers.count() >= 1 && approvers.all(u, u.tags.contains('${opsTagId}'))";
  const fill = (template: string, hot: string, ops: string) =>
    template.replace('${hotTagId}', hot).replace('${opsTagId}', ops);

  test('the page creates exactly this policy', () => {
    expect(mdx).toContain(`condition: \`${conditionTemplate}\``);
    expect(mdx).toContain(`consensus: \`${consensusTemplate}\``);
  });

  test('with the sample tags it is the all-approvers-from-ops example', () => {
    const example = POLICY_EXAMPLES.find((e) => e.id === 'all-approvers-from-ops')!;
    expect(fill(conditionTemplate, 'hot', 'ops')).toBe(example.policy.condition);
    expect(fill(consensusTemplate, 'hot', 'ops')).toBe(example.policy.consensus);
    expect(mdx).toContain('/concepts/policies/examples#all-approvers-from-ops');
  });

  test('waits for an ops approval, then allows', () => {
    const hot = '6f1d2c3b-4a59-4e68-8d7c-9b0a1f2e3d4c';
    const ops = '0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d';
    const policy = {
      policyName: 'Ops-only approvals',
      effect: 'EFFECT_ALLOW' as const,
      condition: fill(conditionTemplate, hot, ops),
      consensus: fill(consensusTemplate, hot, ops),
    };
    const sign = (approvers: PolicyRequest['approvers']): PolicyRequest => ({
      activity: {type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD'},
      user: {id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f', name: 'payments-bot', tags: []},
      private_key: {id: 'b7e2d3c4-6a5f-4e81-9b02-c3d4e5f60712', tags: [hot]},
      approvers,
    });
    const approver = (tags: string[]) => ({id: 'd4c3b2a1-f6e5-4d7c-9b8a-1f2e3d4c5b6a', name: 'ops-approver', tags});
    expect(evaluatePolicies([policy], sign([])).outcome).toBe('CONSENSUS_NEEDED');
    expect(evaluatePolicies([policy], sign([approver([ops])])).outcome).toBe('ALLOW');
    expect(evaluatePolicies([policy], sign([approver([])])).outcome).toBe('CONSENSUS_NEEDED');
  });
});

describe('expressions quoted in the text of the policy pages', () => {
  // Each appears verbatim in a page and must be a valid expression that means what the text says.
  const noEth: PolicyRequest = {activity: {type: 'ACTIVITY_TYPE_SIGN_TRANSACTION'}, solana: {tx: {program_keys: []}}};
  const quoted: {page: string; src: string; request?: PolicyRequest; value?: boolean}[] = [
    {page: 'overview', src: "activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION' && eth.tx.value <= 1000000000000000000"},
    {page: 'overview', src: 'approvers.count() >= 2', request: {approvers: []}, value: false},
    {page: 'overview', src: "!(eth.tx.to in ['0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c'])", request: noEth, value: true},
    {page: 'language', src: "!(eth.tx.to in ['0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c'])", request: noEth, value: true},
    {page: 'language', src: 'eth.tx.value > 10000000000000000000'},
    {page: 'language', src: 'approvers.count() >= 2'},
    {page: 'language', src: "approvers.any(u, u.id == 'usr-bob')"},
    {
      page: 'language',
      src: "solana.tx.transfers.count() > 0 && solana.tx.transfers.all(t, t.to == '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')",
      request: {activity: {type: 'ACTIVITY_TYPE_SIGN_TRANSACTION'}, solana: {tx: {program_keys: [], transfers: []}}},
      value: false,
    },
  ];

  test.each(quoted.map((q) => [q.page, q.src, q] as const))('%s: %s', (name, src, q) => {
    expect(page(name)).toContain(src);
    expect(check(parse(src))).toEqual([]);
    if (q.request && q.value !== undefined) {
      // A one-policy allow shows the boolean: ALLOW when true, DENY (implicit) when false.
      const verdict = evaluatePolicies([{policyName: 'quoted', effect: 'EFFECT_ALLOW', condition: src}], q.request);
      expect(verdict.errors).toEqual([]);
      expect(verdict.outcome).toBe(q.value ? 'ALLOW' : 'DENY');
    }
  });

  test('the error examples in the language reference fail with the code the table gives', () => {
    const mdx = page('language');
    const codeOf = (src: string) => {
      try {
        return check(parse(src))[0]?.code;
      } catch (e) {
        return (e as {code?: string}).code;
      }
    };
    const rows: [string, string][] = [
      ['SYNTAX', 'eth.tx.value >'],
      ['UNKNOWN_METHOD', "user.tags.has('ops')"],
      ['TYPE', 'user.name > 3'],
    ];
    for (const [code, src] of rows) {
      expect(mdx).toContain(`| \`${code}\` |`);
      expect(mdx).toContain(`\`${src}\``);
      expect(codeOf(src)).toBe(code);
    }
  });
});

describe('language reference tables', () => {
  const mdx = page('language');

  test('lists every request field with its type, in order, and no other', () => {
    const section = mdx.slice(mdx.indexOf('## Request fields'), mdx.indexOf('### Activity types'));
    const rows = [...section.matchAll(/^\| `([a-z_.[\]]+)` \| ([a-z&;]+) \|/gm)].map((m) => [
      m[1],
      m[2]!.replace('&lt;', '<').replace('&gt;', '>'),
    ]);
    expect(rows).toEqual(CONTEXT_FIELDS.map((f) => [f.path, f.type]));
  });

  test('lists every activity type with its resource and action', () => {
    for (const t of ACTIVITY_TYPES) {
      expect(mdx).toContain(`| \`${t.type}\` | \`${t.resource}\` | \`${t.action}\`${t.rootQuorum ? ' (*root quorum*)' : ''} |`);
    }
  });

  test('lists every method and quantifier with its example', () => {
    for (const m of METHODS) expect(mdx).toContain(`| \`${m.name}\` | ${m.receiver} | ${m.returns} | ${m.description} | \`${m.example}\` |`);
    for (const q of QUANTIFIERS) expect(mdx).toContain(`| \`${q.name}\` | ${q.description} | \`${q.example}\` |`);
  });
});

describe('delegated access policy', () => {
  const mdx = doc('features/delegated-access');
  // The page builds its recipient clause from the recipients the user chose; with the example's two
  // addresses that clause must be exactly the eth-recipient-allow-list example. (The rest of the condition,
  // user, activity type, wallet and value cap, is checked in tests/one-truth.test.ts.)
  const lines = [
    "const recipients = allowedRecipients.map((a) => `'${a.toLowerCase()}'`).join(', ');",
    '`eth.tx.to.lower() in [${recipients}]`,',
  ];
  const build = (allowedRecipients: string[]) =>
    `eth.tx.to.lower() in [${allowedRecipients.map((a) => `'${a.toLowerCase()}'`).join(', ')}]`;

  test('the page builds the condition this way and links the example', () => {
    for (const line of lines) expect(mdx).toContain(line);
    expect(mdx).toContain('/concepts/policies/examples#eth-recipient-allow-list');
  });

  test('with the addresses shown on the page it is the example, and it passes the example cases', () => {
    const example = POLICY_EXAMPLES.find((e) => e.id === 'eth-recipient-allow-list')!;
    const condition = build(['0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c', '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2']);
    expect(mdx).toContain("['0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c', '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2']");
    expect(condition).toBe(example.policy.condition);
    for (const c of example.cases) {
      const verdict = evaluatePolicies([{...example.policy, condition}], c.request);
      expect(verdict.outcome).toBe(c.expected);
    }
    // Mixed-case input is lower-cased before it goes into the policy.
    expect(build(['0x9F8F72aA9304c8B593d555F12eF6589cC3A579A2'])).toBe("eth.tx.to.lower() in ['0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2']");
  });
});

describe('expressions quoted in other pages', () => {
  test.each([
    ['concepts/users/best-practices', "activity.action == 'SIGN' && private_key.id == 'pk-hot-1'"],
    ['concepts/users/best-practices', "private_key.id == 'pk-hot-1'"],
  ])('%s: %s', (path, src) => {
    expect(doc(path)).toContain(src);
    expect(check(parse(src))).toEqual([]);
  });

  test('the narrow allow in best practices is the allow-signing-with-one-key example', () => {
    const example = POLICY_EXAMPLES.find((e) => e.id === 'allow-signing-with-one-key')!;
    expect(example.policy.condition).toBe("activity.action == 'SIGN' && private_key.id == 'pk-hot-1'");
    // The bare form the page warns about also matches an export of that key.
    const exportKey: PolicyRequest = {activity: {type: 'ACTIVITY_TYPE_EXPORT_PRIVATE_KEY'}, private_key: {id: 'pk-hot-1', tags: []}};
    const bare = evaluatePolicies([{policyName: 'bare', effect: 'EFFECT_ALLOW', condition: "private_key.id == 'pk-hot-1'"}], exportKey);
    expect(bare.outcome).toBe('ALLOW');
    expect(evaluatePolicies([example.policy], exportKey).outcome).toBe('DENY');
  });
});
