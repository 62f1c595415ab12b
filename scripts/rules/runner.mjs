// Runs the scenarios of the behavior-rule catalog (packages/api-spec/rules/*.yaml) against one emulator: the
// Node server over HTTP or the in-process core the browser sandbox runs. Each rule gets an organization of its
// own, so a policy one scenario creates never decides another's requests. Plain ESM, so the statement check can
// run it with Node alone. The step language is described in packages/api-spec/rules/README.md.
import { createRequire } from 'node:module';
import { ApiKeyStamper, generateApiKeyPair } from '@sigil/api-key-stamper';
import { SigilClient, SigilError, decryptCredentialBundle } from '@sigil/http';

// The API document's request examples, for values a scenario cannot make up (a passkey attestation).
const openapi = createRequire(import.meta.url)('@sigil/api-spec/openapi.json');

/**
 * @typedef {object} Target
 * @property {string} name
 * @property {string} baseUrl
 * @property {typeof fetch} fetch
 * @property {() => number} now  the emulator's clock, which the clients' timestamps follow
 * @property {(seconds: number) => void} advance  moves the clock forward
 * @property {(input: {organizationName: string, userName: string, apiPublicKey: string}) => Promise<{organizationId: string, userId: string}>} bootstrap
 */

/** A clock that starts at the real time and moves only forward, by `advance`. */
export function steppedClock() {
  let offsetMs = 0;
  return { now: () => Date.now() + offsetMs, advance: (seconds) => void (offsetMs += seconds * 1000) };
}

/** A fetch that hands each request to `emulator.handle`, as the sandbox's worker does: no network, no node: import. */
export function inProcessFetch(emulator) {
  return async (input, init = {}) => {
    const url = new URL(typeof input === 'string' ? input : input.url);
    const headers = {};
    new Headers(init.headers).forEach((value, key) => void (headers[key] = value));
    const answer = await emulator.handle({ method: init.method ?? 'GET', path: url.pathname + url.search, headers, body: typeof init.body === 'string' ? init.body : '' });
    return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: answer.headers });
  };
}

class ScenarioFailure extends Error {}

/** Reads `a.b.0.c` out of a value; undefined when any part is missing. */
export function pathOf(value, path) {
  return String(path)
    .split('.')
    .reduce((current, part) => (current == null ? undefined : current[part]), value);
}

/** Replaces `${name}` in strings (the whole string `${name}` keeps the variable's type). */
function substitute(value, vars, keyFor) {
  if (typeof value === 'string') {
    const whole = /^\$\{([^}]+)\}$/.exec(value);
    if (whole) return lookup(whole[1], vars, keyFor);
    return value.replace(/\$\{([^}]+)\}/g, (_, name) => String(lookup(name, vars, keyFor)));
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, vars, keyFor));
  // `{ $repeat: 99, item: {...} }`: a list of 99 copies of item, `${i}` numbering them from 1 (a limit's worth of entries).
  if (value && typeof value === 'object' && '$repeat' in value) {
    return Array.from({ length: value.$repeat }, (_, i) => substitute(value.item, { ...vars, i: i + 1 }, keyFor));
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars, keyFor)]));
  return value;
}

function lookup(name, vars, keyFor) {
  if (name.startsWith('key:')) return keyFor(name.slice(4)).publicKey;
  // ${example:recover_user:parameters.authenticator}: a value of the operation's first request example.
  const example = /^example:([a-z_]+):(.+)$/.exec(name);
  if (example) {
    const operation = openapi.paths[Object.keys(openapi.paths).find((path) => path.endsWith(`/${example[1]}`))]?.post;
    const first = Object.values(operation?.requestBody?.content?.['application/json']?.examples ?? {})[0];
    const value = pathOf(first?.value, example[2]);
    if (value === undefined) throw new ScenarioFailure(`the document has no example value ${example[2]} for ${example[1]}`);
    return value;
  }
  // ${repeat:N:text}: text N times, for a value at a length limit.
  const repeat = /^repeat:(\d+):(.*)$/s.exec(name);
  if (repeat) return repeat[2].repeat(Number(repeat[1]));
  if (!(name in vars)) throw new ScenarioFailure(`\${${name}} is not set by an earlier step`);
  return vars[name];
}

function sameValue(actual, expected) {
  return JSON.stringify(actual) === JSON.stringify(expected);
}

/** The code of an answer: a SigilError's, or a raw Status body's. */
function codeOf(outcome) {
  if (outcome.error) return typeof outcome.error.code === 'number' ? outcome.error.code : outcome.error.code;
  return outcome.json && typeof outcome.json.code === 'number' && outcome.status >= 400 ? outcome.json.code : undefined;
}

function describe(outcome) {
  if (outcome.error) return `refused with code ${outcome.error.code}: ${outcome.error.message}`;
  if (outcome.status !== undefined) return `HTTP ${outcome.status} ${JSON.stringify(outcome.json).slice(0, 300)}`;
  return `answered ${JSON.stringify(outcome.value).slice(0, 300)}`;
}

/** Checks one outcome against a step's `expect` (default: it succeeds) and `match`. */
function check(step, outcome, label) {
  const expected = step.expect ?? {};
  const fail = (why) => {
    throw new ScenarioFailure(`${label}: ${why}; it ${describe(outcome)}`);
  };
  const code = codeOf(outcome);
  if (expected.code !== undefined) {
    if (code !== expected.code) fail(`expected code ${expected.code}`);
    const message = outcome.error?.message ?? outcome.json?.message ?? '';
    if (expected.message && !new RegExp(expected.message).test(message)) fail(`expected a message matching /${expected.message}/`);
    if (expected.detailsField) {
      const details = outcome.error?.details ?? outcome.json?.details ?? [];
      if (!details.some((d) => String(d.field ?? '').includes(expected.detailsField))) fail(`expected details naming ${expected.detailsField}`);
    }
  } else if (code !== undefined) {
    fail('expected success');
  }
  if (expected.httpStatus !== undefined && outcome.status !== expected.httpStatus) fail(`expected HTTP ${expected.httpStatus}`);
  if (expected.status !== undefined) {
    const status = pathOf(outcome.value ?? outcome.json, 'status') ?? pathOf(outcome.value ?? outcome.json, 'activity.status');
    if (status !== expected.status) fail(`expected ${expected.status}`);
  }
  for (const [path, want] of Object.entries(step.matchResolved ?? {})) {
    const got = pathOf(outcome.value ?? outcome.json, path);
    if (!sameValue(got, want)) fail(`expected ${path} = ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  }
}

/**
 * Runs one rule's scenario on `target` in a new organization. Resolves with the number of steps run; rejects
 * with the step that failed and why.
 */
export async function runScenario(rule, target) {
  const keys = new Map();
  const keyFor = (name) => {
    const pair = keys.get(name);
    if (!pair) throw new ScenarioFailure(`key ${name} is used before a step creates it`);
    return pair;
  };
  const rootKeys = await generateApiKeyPair();
  keys.set('root', rootKeys);
  const org = await target.bootstrap({ organizationName: `rule ${rule.id}`, userName: 'root', apiPublicKey: rootKeys.publicKey });
  const vars = { organizationId: org.organizationId, rootUserId: org.userId };
  const clientOf = (actor, organizationId = org.organizationId) =>
    new SigilClient({
      baseUrl: target.baseUrl,
      organizationId,
      stamper: new ApiKeyStamper({ apiPublicKey: keyFor(actor).publicKey, apiPrivateKey: keyFor(actor).privateKey }),
      fetch: target.fetch,
      retry: false,
      now: target.now,
    });

  const steps = rule.scenario;
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index];
    const label = `${rule.id} (${target.name}), step ${index + 1}`;
    // Keys a step names with ${key:name} exist before its parameters are filled in.
    // An actor no step registered (`as: stranger`) is a key pair Sigil has never seen.
    for (const name of [...[...JSON.stringify(step).matchAll(/\$\{key:([^}]+)\}/g)].map((m) => m[1]), ...(step.as ? [step.as] : [])]) {
      if (!keys.has(name)) keys.set(name, await generateApiKeyPair());
    }
    const resolved = { ...step, matchResolved: substitute(step.match ?? {}, vars, keyFor) };
    const organizationId = step.org ? substitute(step.org, vars, keyFor) : org.organizationId;
    const actor = step.as ?? 'root';

    if (step.credential !== undefined) {
      // A credential Sigil sealed to the key pair `target`: the bundle of the last email to `mailTo` (read from the
      // emulator's outbox), or the bundle a variable holds. It becomes the actor `credential`.
      let bundle;
      if (step.mailTo !== undefined) {
        const response = await target.fetch(`${target.baseUrl}/emulator/v1/outbox`, { method: 'GET' });
        const { messages } = await response.json();
        bundle = messages.filter((m) => m.to === step.mailTo && m.credentialBundle).pop()?.credentialBundle;
      } else {
        bundle = substitute(step.bundle, vars, keyFor);
      }
      if (!bundle) throw new ScenarioFailure(`${label}: no credential bundle ${step.mailTo ? `was emailed to ${step.mailTo}` : 'in the variable'}`);
      const opened = await decryptCredentialBundle(bundle, keyFor(step.target).privateKey);
      keys.set(step.credential, { publicKey: opened.apiPublicKey, privateKey: opened.apiPrivateKey });
      continue;
    }
    if (step.clock !== undefined) {
      target.advance(step.clock);
      continue;
    }
    if (step.user !== undefined) {
      // An API user with one key named like the user, and tags by name (created in the same organization).
      const tagIds = [];
      for (const tag of step.tags ?? []) {
        if (!vars[`tag:${tag}`]) {
          const made = await clientOf('root').createUserTag({ userTagName: tag, userIds: [] });
          vars[`tag:${tag}`] = made.result.createUserTagResult.userTagId;
        }
        tagIds.push(vars[`tag:${tag}`]);
      }
      const pair = await generateApiKeyPair();
      keys.set(step.user, pair);
      const made = await clientOf('root').createUsers({
        users: [{ userName: step.user, accessType: 'ACCESS_TYPE_API', userTags: tagIds, authenticators: [], apiKeys: [{ apiKeyName: `${step.user} key`, publicKey: pair.publicKey }] }],
      });
      vars[`${step.user}UserId`] = made.result.createUsersResult.userIds[0];
      continue;
    }
    if (step.call !== undefined) {
      const client = clientOf(actor, organizationId);
      const method = client[step.call];
      if (typeof method !== 'function') throw new ScenarioFailure(`${label}: SigilClient has no method ${step.call}`);
      const parameters = substitute(step.with ?? {}, vars, keyFor);
      let outcome;
      try {
        outcome = { value: await method.call(client, parameters) };
      } catch (error) {
        if (!(error instanceof SigilError)) throw error;
        outcome = { error };
      }
      check(resolved, outcome, `${label} (${step.call} as ${actor})`);
      for (const [name, path] of Object.entries(step.save ?? {})) vars[name] = pathOf(outcome.value, path);
      continue;
    }
    if (step.send !== undefined) {
      // Stamped once, sent `times` times: the same bytes each time (a retry, or a recorded request replayed).
      const client = clientOf(actor, organizationId);
      // `ageSeconds`: stamped with a timestamp that old. `reencode`: the body re-serialized after stamping.
      const options = step.ageSeconds !== undefined ? { timestampMs: target.now() - step.ageSeconds * 1000 } : {};
      const stamped = await client.stamp(step.send, substitute(step.with ?? {}, vars, keyFor), options);
      const headers = { ...stamped.headers, ...(step.headers ?? {}) };
      if (step.reencode) stamped.body = JSON.stringify(JSON.parse(stamped.body), null, 1);
      const outcomes = [];
      for (let i = 0; i < (step.times ?? 1); i++) {
        const response = await target.fetch(stamped.url, { method: step.method ?? 'POST', headers, body: stamped.body });
        if (step.expect?.allow && response.headers.get('allow') !== step.expect.allow) {
          throw new ScenarioFailure(`${label}: expected the header Allow: ${step.expect.allow}, got ${response.headers.get('allow')}`);
        }
        const text = await response.text();
        let json;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        outcomes.push({ status: response.status, json, headers: response.headers });
      }
      outcomes.forEach((outcome, i) => check(resolved, outcome, `${label} (${step.send}, sending ${i + 1})`));
      if (step.expect?.sameActivity) {
        const ids = new Set(outcomes.map((o) => pathOf(o.json, 'activity.id')));
        if (ids.size !== 1 || ids.has(undefined)) throw new ScenarioFailure(`${label}: expected one activity for every sending, got ${[...ids].join(', ')}`);
      }
      for (const [name, path] of Object.entries(step.save ?? {})) vars[name] = pathOf(outcomes[0].json, path);
      continue;
    }
    if (step.burst !== undefined) {
      // `count` requests at once, each stamped on its own: what the rate limit counts.
      const client = clientOf(actor, organizationId);
      const answers = await Promise.all(
        Array.from({ length: step.count }, async () => {
          const stamped = await client.stamp(step.burst, substitute(step.with ?? {}, vars, keyFor));
          const response = await target.fetch(stamped.url, { method: 'POST', headers: stamped.headers, body: stamped.body });
          return { status: response.status, json: await response.json(), retryAfter: response.headers.get('retry-after') };
        }),
      );
      const refused = answers.filter((a) => a.status >= 400);
      const served = answers.length - refused.length;
      if (served < (step.expect?.servedAtLeast ?? 0)) throw new ScenarioFailure(`${label}: expected at least ${step.expect.servedAtLeast} served, got ${served}`);
      if (step.expect?.code !== undefined) {
        if (refused.length === 0) throw new ScenarioFailure(`${label}: expected some of ${step.count} requests refused with code ${step.expect.code}, all were served`);
        const wrong = refused.find((a) => a.json?.code !== step.expect.code || (step.expect.retryAfter && !a.retryAfter));
        if (wrong) throw new ScenarioFailure(`${label}: a refusal was not code ${step.expect.code}${step.expect.retryAfter ? ' with Retry-After' : ''}: HTTP ${wrong.status} ${JSON.stringify(wrong.json)}`);
      }
      continue;
    }
    throw new ScenarioFailure(`${label}: a step needs one of call, send, burst, user, credential, clock`);
  }
  return steps.length;
}

/** Runs every rule in order; returns the failures (rule id and message) and how many passed. */
export async function runAll(rules, target) {
  const failures = [];
  for (const rule of rules) {
    try {
      await runScenario(rule, target);
    } catch (error) {
      failures.push({ id: rule.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { passed: rules.length - failures.length, failures };
}
