// Facts that several pages state, checked against each other (issue 20, "one truth on every page"). Each block
// names the fact; the emulator's tests check the behavior itself, these check that every page says the same.
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join, relative} from 'node:path';
import {evaluatePolicies, type PolicyRequest} from '@sigil/policy';
import {describe, expect, it} from 'vitest';

const site = join(__dirname, '..');
const docs = join(site, 'docs');

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return pages(full);
    return /\.mdx?$/.test(name) ? [full] : [];
  });
}

const all = pages(docs).map((file) => ({path: relative(docs, file).replace(/\.mdx?$/, ''), text: readFileSync(file, 'utf8')}));
const page = (path: string): string => {
  const found = all.find((p) => p.path === path);
  if (!found) throw new Error(`no page ${path}`);
  return found.text;
};

/** `file:line: text` for every line of every page that matches. */
function linesMatching(pattern: RegExp, within = all): string[] {
  return within.flatMap(({path, text}) =>
    text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('1. who may vote', () => {
  it('is stated on the policies overview and linked from every page that describes voting', () => {
    expect(page('concepts/policies/overview')).toMatch(/### Who may vote[\s\S]*refused with code 7 \(`PERMISSION_DENIED`\)/);
    for (const path of ['api-overview/submissions', 'concepts/users/root-quorum', 'concepts/policies/quickstart']) {
      expect(page(path), path).toContain('/concepts/policies/overview#who-may-vote');
    }
  });

  it('never says a root user above threshold 1 is refused by policies until others approve', () => {
    expect(linesMatching(/judged by policies like anyone else's/)).toEqual([]);
  });
});

describe('2. a request that policies deny creates no activity', () => {
  it('says so wherever a page tells what happens to a denied request', () => {
    expect(page('api-overview/errors')).toMatch(/\| Activity created \| No \|/);
    for (const path of ['concepts/introduction', 'concepts/policies/overview', 'api-overview/introduction']) {
      expect(page(path), path).toMatch(/code 7 \(`PERMISSION_DENIED`\)[^\n]{0,160}creates no activity/);
    }
  });

  it('never calls a denied request an activity, except one that waited for approvals and was denied later', () => {
    const claims = linesMatching(/allowed or not|verifies the stamp and records the request as an activity|(denied|refused)[^.]{0,80}(is|as) an activity|denied[^.]*ACTIVITY_STATUS_FAILED/i);
    expect(claims.filter((line) => !/waited/.test(line))).toEqual([]);
  });
});

describe('3. paging cursors are positions in the list order', () => {
  it('is stated on api-overview/queries, whose loop passes the last ID seen as after', () => {
    const queries = page('api-overview/queries');
    expect(queries).toContain('The cursors are positions in that order');
    expect(queries).toMatch(/after = last\.id;/);
  });

  it('never describes after or before as a creation time', () => {
    expect(linesMatching(/`(after|before)`[^.]*created (after|before)|created (after|before)[^.]*`(after|before)`/i)).toEqual([]);
  });
});

describe('4. the delegated-access policy names the user, the activity type, the wallet and a value cap', () => {
  // The page builds its condition from template literals; run them with sample values and judge real requests.
  const code = page('features/delegated-access');
  const parts = /const condition = \[([\s\S]*?)\]\.join\(' && '\);/.exec(code)?.[1];
  const recipients = "'0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2'";
  const condition = (new Function('backendUserId', 'walletId', 'recipients', 'maxWeiPerTransaction', `return [${parts}].join(' && ');`) as (
    ...args: unknown[]
  ) => string)('usr-backend', 'wal-user', recipients, 100000000000000000n);
  const policy = {policyName: 'Backend pays known recipients', effect: 'EFFECT_ALLOW' as const, condition};
  const request = (overrides: Partial<PolicyRequest> = {}): PolicyRequest => ({
    activity: {type: 'ACTIVITY_TYPE_SIGN_TRANSACTION'},
    user: {id: 'usr-backend', name: 'example-app-backend', tags: []},
    wallet: {id: 'wal-user', name: 'Main'},
    eth: {tx: {to: '0x9F8F72AA9304c8b593d555f12ef6589cc3a579a2', value: '10000000000000000', chain_id: 1, data: '0x'}},
    ...overrides,
  });
  const outcome = (r: PolicyRequest) => evaluatePolicies([policy], r).outcome;

  it('is found on the page', () => {
    expect(parts).toBeDefined();
    for (const field of ['user.id', 'activity.type', 'wallet.id', 'eth.tx.to', 'eth.tx.value']) expect(condition).toContain(field);
  });

  it('allows the backend a small transfer to a chosen recipient and nothing else', () => {
    expect(outcome(request())).toBe('ALLOW');
    expect(outcome(request({user: {id: 'usr-someone-else', name: 'x', tags: []}}))).toBe('DENY');
    expect(outcome(request({activity: {type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD'}}))).toBe('DENY');
    expect(outcome(request({wallet: {id: 'wal-other', name: 'Other'}}))).toBe('DENY');
    expect(outcome(request({eth: {tx: {to: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c', value: 1, chain_id: 1, data: '0x'}}}))).toBe('DENY');
    expect(outcome(request({eth: {tx: {to: '0x9f8f72aa9304c8b593d555f12ef6589cc3a579a2', value: '200000000000000000', chain_id: 1, data: '0x'}}}))).toBe('DENY');
  });
});

describe('5. what a parent backend can do in the sign-in flows it relays', () => {
  it('never promises that a rogue backend cannot sign, and states the one-time-code caveat', () => {
    expect(linesMatching(/rogue (operator|backend)[^.]*cannot/i)).toEqual([]);
    expect(page('concepts/sub-organizations')).toMatch(/\| \[One-time codes\]\(\/features\/otp-auth\) \|[^\n]*\| Yes/);
    expect(page('features/otp-auth')).toContain('a backend that sent its own public key instead would receive a credential for the user');
  });

  it('states the OAuth nonce as required (code 3), as the emulator enforces it, never as optional advice', () => {
    expect(linesMatching(/Always set the nonce|Without it, a token/)).toEqual([]);
    for (const path of ['features/oauth', 'concepts/sub-organizations', 'security/enclave-secure-channels']) {
      expect(page(path), path).toMatch(/nonce[^\n]*code 3/);
    }
  });
});

describe('6. Taproot (P2TR) addresses carry the Schnorr caveat wherever they are listed', () => {
  it('links every page that lists P2TR to the caveat on the Bitcoin page', () => {
    const listing = all.filter(({text}) => /P2TR/.test(text));
    expect(listing.length).toBeGreaterThanOrEqual(4);
    for (const {path, text} of listing) {
      const link = path === 'ecosystems/bitcoin' ? '](#taproot-addresses)' : '](/ecosystems/bitcoin#taproot-addresses)';
      expect(text, path).toContain(link);
    }
    expect(page('ecosystems/bitcoin')).toMatch(/## Taproot addresses\n\n:::warning\[Taproot spends need Schnorr signatures\]/);
  });

  it('holds in the API document: P2TR formats say so, and no signing option offers Schnorr', () => {
    const spec = readFileSync(createRequire(__filename).resolve('@sigil/api-spec/openapi.json'), 'utf8');
    const descriptions = [...spec.matchAll(/"(ADDRESS_FORMAT_BITCOIN_[A-Z]+_P2TR)": "([^"]*)"/g)];
    expect(descriptions).toHaveLength(4);
    for (const [, name, text] of descriptions) expect(text, name).toContain('Schnorr signature, which no signing call returns');
    expect(spec.replace(/Spending from it by key path needs a BIP340 Schnorr signature, which no signing call returns\./g, '')).not.toMatch(/schnorr|bip-?340/i);
  });
});

describe('7. email recovery of a root user needs both features', () => {
  it('names FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY on every page that names FEATURE_NAME_EMAIL_RECOVERY', () => {
    const naming = all.filter(({text}) => text.includes('FEATURE_NAME_EMAIL_RECOVERY'));
    expect(naming.length).toBeGreaterThanOrEqual(5);
    expect(naming.filter(({text}) => !text.includes('FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY')).map((p) => p.path)).toEqual([]);
  });
});

describe('8. the magic-link bundle travels in the URL fragment', () => {
  it('is never put in, or read from, a query string on any page', () => {
    expect(linesMatching(/\?([^#\s'"`]*&)?bundle=|location\.search\)\.get\('bundle'\)/)).toEqual([]);
  });

  it('is in the fragment in every magicLinkTemplate of the API document', () => {
    const spec = readFileSync(createRequire(__filename).resolve('@sigil/api-spec/openapi.json'), 'utf8');
    const templates = [...spec.matchAll(/"magicLinkTemplate": "([^"]*)"/g)].map(([, url]) => url);
    expect(templates.length).toBeGreaterThanOrEqual(4);
    for (const url of templates) expect(url).toMatch(/#bundle=%s$/);
    expect(spec).not.toMatch(/[?&]bundle=%s/);
  });
});

/** Every fenced TypeScript block of every page. */
const tsBlocks = all.flatMap(({path, text}) => [...text.matchAll(/```tsx?[^\n]*\n([\s\S]*?)\n```/g)].map(([, code]) => ({path, code: code!})));

describe('9. sign-in by email: verified lookups, the same answer for unknown addresses, expiry from before the request', () => {
  it('features/email-auth answers the same for unknown addresses and sends the sub-organization in the link', () => {
    const server = tsBlocks.find((b) => b.path === 'features/email-auth' && b.code.includes('sendSignInEmail'))!.code;
    expect(server).toMatch(/sendSignInEmail\([^)]*\): Promise<void>/);
    expect(server).not.toMatch(/return \{subOrganizationId/);
    expect(server).toMatch(/#organizationId=\$\{subOrganizationId\}&bundle=%s/);
  });

  it('looks a contact up verified first wherever a page sends a sign-in code or link', () => {
    const senders = tsBlocks.filter((b) => /\.(emailAuth|initOtpAuth|initUserEmailRecovery)\(/.test(b.code));
    expect(senders.length).toBeGreaterThanOrEqual(4);
    for (const {path, code} of senders) {
      const verified = code.indexOf('listVerifiedSuborgs(');
      expect(verified, path).toBeGreaterThanOrEqual(0);
      const stored = code.indexOf('listSuborgs(');
      if (stored >= 0) expect(stored, path).toBeGreaterThan(verified);
    }
  });

  it('counts a key lifetime from a moment taken before the request, never from when the bundle arrives', () => {
    expect(linesMatching(/expiresAtMs: Date\.now\(\)|safe upper bound/)).toEqual([]);
  });
});

describe('10. one rejection by a user whose vote counts ends an activity', () => {
  it('qualifies every statement that a rejection ends an activity with whose vote counts', () => {
    const rule = linesMatching(/(one|a) rejection[^.]*(ends|REJECTED)/i);
    expect(rule.length).toBeGreaterThanOrEqual(2);
    expect(rule.filter((line) => !/whose vote counts/.test(line))).toEqual([]);
    expect(linesMatching(/with the right to do so/)).toEqual([]);
  });
});

describe('11. smaller statements that pages make about the same facts', () => {
  it('names all three final statuses, and CONSENSUS_NEEDED where polling stops, wherever a page says to poll until final', () => {
    const lines = linesMatching(/\b[Pp]olls?\b[^.]*until[^.]*\bfinal\b/).filter((line) => !/accTitle|:\s*(\/\/|#)/.test(line));
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.filter((line) => !/REJECTED/.test(line) || !/CONSENSUS_NEEDED/.test(line))).toEqual([]);
  });
});

describe('11. API-key stamps take every curve the document lists', () => {
  it('never says an X-Stamp is P-256 only', () => {
    expect(linesMatching(/`X-Stamp`, ECDSA P-256|API[- ]key stamps? (are|is) (only )?P-256/)).toEqual([]);
    expect(page('security/whitepaper')).toMatch(/`X-Stamp`: ECDSA on P-256 or secp256k1[^)]*Ed25519/);
  });
});

describe('11. API-only users are created as the quickstarts do', () => {
  it('recommends users with ACCESS_TYPE_API, and mentions apiOnlyUsers only as the shorthand that needs users beside it', () => {
    expect(linesMatching(/user in `apiOnlyUsers`|\(`apiOnlyUsers` with|Send both lists even when they are empty/)).toEqual([]);
    expect(page('concepts/users/introduction')).toContain('`users` may not be empty');
  });
});

describe('11. pages promise only what the API has', () => {
  it('does not offer balances from Sigil, which has no balance query', () => {
    expect(linesMatching(/show balances|balances and history/)).toEqual([]);
  });
});

describe('11. the quickstart ends with a signature it verifies', () => {
  it('has a verify step and states that Keccak-256 is taken without the EIP-191 prefix', () => {
    const quickstart = page('getting-started/quickstart');
    expect(quickstart).toMatch(/verifies the signature itself/);
    expect(quickstart).toMatch(/recoverPublicKey\(recoverable, digest, \{prehash: false\}\)/);
    expect(quickstart).toMatch(/throw new Error\(`the signature recovers/);
    expect(quickstart).toContain('EIP-191');
    expect(linesMatching(/Keccak-256, as Ethereum does/)).toEqual([]);
  });
});

describe('11. the examples catalog lists the calls its pages make', () => {
  // SDK functions that make the call for the page, so a page that uses them makes the call (checked in @sigil/http's tests).
  const SDK_HELPERS: Record<string, string[]> = {
    create_read_write_session: ['startReadWriteSession'],
    create_read_only_session: ['startReadOnlySession'],
  };
  const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const rows = [...page('getting-started/examples').matchAll(/^\| \[[^\]]+\]\(\/([^)#]+)\) \|[^|]+\| ([^|]+) \|$/gm)].map(([, path, calls]) => ({
    path: path!,
    calls: [...calls!.matchAll(/`([a-z_0-9]+)`/g)].map(([, call]) => call!),
  }));

  it('finds the rows', () => {
    expect(rows.length).toBeGreaterThanOrEqual(20);
  });

  it('names only calls that the linked page makes in its code', () => {
    const missing = rows.flatMap(({path, calls}) => {
      const code = tsBlocks.filter((b) => b.path === path).map((b) => b.code).join('\n') +
        all.find((p) => p.path === path)!.text.split('```').filter((_, i) => i % 2 === 1).join('\n');
      return calls.filter((call) => !code.includes(`${camel(call)}(`) && !code.includes(`/${call}`) && !(SDK_HELPERS[call] ?? []).some((helper) => code.includes(`${helper}(`))).map((call) => `${path}: ${call}`);
    });
    expect(missing).toEqual([]);
  });
});

describe('11. pregenerated wallets: the code does what its comments say', () => {
  it('reuses an existing sub-organization, as its comment says, instead of throwing', () => {
    const code = tsBlocks.find((b) => b.path === 'features/pregenerated-wallets' && b.code.includes('pregenerateWallet'))!.code;
    expect(code).toContain('reuse it if it exists');
    expect(code).not.toMatch(/already has a sub-organization`\)/);
    expect(code).toMatch(/if \(existing\) \{[\s\S]*return \{subOrganizationId: existing, address/);
    expect(code.indexOf('listVerifiedSuborgs(')).toBeLessThan(code.indexOf('listSuborgs('));
  });
});

describe('numbers that pages tie to a named limit of the API document', () => {
  const spec = JSON.parse(readFileSync(createRequire(__filename).resolve('@sigil/api-spec/openapi.json'), 'utf8')) as {
    'x-limits': Array<{id: string; value: number | number[]}>;
  };
  const limits = new Map(spec['x-limits'].map((l) => [l.id, l.value]));
  // "for 300 seconds (`otp-code-lifetime` …", "within 10 seconds (`webhook-timeout` …": a number, a few words, the limit's ID.
  const claims = all.flatMap(({path, text}) =>
    [...text.matchAll(/\b(\d[\d,]*)(?: [a-zA-Z-]+){0,3} \(`([a-z0-9-]+)`/g)]
      .filter(([, , id]) => limits.has(id!))
      .map(([match, number, id]) => ({where: `${path}: ${match}`, number: Number(number!.replace(/,/g, '')), id: id!})),
  );

  it('finds such statements', () => {
    expect(claims.length).toBeGreaterThanOrEqual(3);
  });

  it('states the value the document gives each limit', () => {
    const wrong = claims.filter(({number, id}) => {
      const value = limits.get(id);
      return Array.isArray(value) ? !value.includes(number) : value !== number;
    });
    expect(wrong.map((c) => `${c.where} (the document says ${JSON.stringify(limits.get(c.id))})`)).toEqual([]);
  });
});
