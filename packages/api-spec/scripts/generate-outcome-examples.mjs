// Writes, next to each submission's completed response example in paths/*.yaml, the other outcomes a
// reader meets when polling: the same activity pending, waiting for consensus, and failed. One template
// per status, so the 150 examples say the same thing the same way; the result is committed in the
// document (run `node scripts/generate-outcome-examples.mjs` after changing a completed example, then
// `npm run build`). The shapes follow what the emulator answers (packages/emulator, core/activities.ts;
// website/plugins/api-reference/outcomes.emulator.test.ts compares them):
// - pending and consensus-needed: `result` is empty until the activity runs, nobody has voted yet, and the
//   submitter, who reads the answer, can neither approve nor reject their own activity;
// - failed: `result` stays empty and `failure` carries the Status the emulator writes when an activity
//   that waited can no longer be carried out because its submitter was deleted meanwhile.
// approve_activity and reject_activity record a vote at once: they never wait, so they get none of these.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseDocument, stringify } from 'yaml';

const PATHS = new URL('../paths/', import.meta.url);
export const OUTCOME_SUFFIXES = { Completed: 'completed', Pending: 'pending', ConsensusNeeded: 'consensus needed', Failed: 'failed' };
const NEVER_WAITS = new Set(['ACTIVITY_TYPE_APPROVE_ACTIVITY', 'ACTIVITY_TYPE_REJECT_ACTIVITY']);
/** The emulator's failure for an activity whose submitter no longer exists when it runs (core/activities.ts executionContext). */
export const SUBMITTER_GONE = {
  code: 9,
  message: 'the organization or the user who submitted the activity no longer exists',
  details: [],
};

function outcome(completed, status) {
  const activity = structuredClone(completed.activity);
  activity.status = status;
  activity.result = {};
  activity.votes = [];
  activity.canApprove = false;
  activity.canReject = false;
  delete activity.failure;
  activity.updatedAt = { ...activity.createdAt };
  if (status === 'ACTIVITY_STATUS_FAILED') {
    activity.updatedAt = { seconds: String(Number(activity.createdAt.seconds) + 300), nanos: '0' };
    activity.failure = SUBMITTER_GONE;
  }
  return { activity };
}

function outcomeExamples(key, summary, base, resultKey) {
  const title = summary.replace(/\s*\((response|[a-z ]+)\)$/, '');
  // A document example already written for one of these statuses stays the one shown for it.
  const has = base.activity.status;
  const completed = structuredClone(base);
  if (has !== 'ACTIVITY_STATUS_COMPLETED') {
    // Only for results that are empty objects (update_root_quorum): the Ajv check refuses any other.
    completed.activity.status = 'ACTIVITY_STATUS_COMPLETED';
    completed.activity.result = { [resultKey]: {} };
  }
  const all = {
    [`${key}Completed`]: {
      summary: `${title} (completed)`,
      description: 'The activity ran: `result` holds what it produced.',
      value: completed,
    },
    [`${key}Pending`]: {
      summary: `${title} (pending)`,
      description: 'Sigil is carrying out the activity: poll `get_activity` until it is final.',
      value: outcome(completed, 'ACTIVITY_STATUS_PENDING'),
    },
    [`${key}ConsensusNeeded`]: {
      summary: `${title} (consensus needed)`,
      description:
        'A policy or the root quorum requires more approvals: the activity waits until enough users approve it with `approve_activity` or one whose vote counts rejects it.',
      value: outcome(completed, 'ACTIVITY_STATUS_CONSENSUS_NEEDED'),
    },
    [`${key}Failed`]: {
      summary: `${title} (failed)`,
      description:
        'The activity waited for approvals, and when they came it could not be carried out: the user who submitted it had been deleted meanwhile. `failure` says why; `result` stays empty.',
      value: outcome(completed, 'ACTIVITY_STATUS_FAILED'),
    },
  };
  const statusOf = { Completed: 'ACTIVITY_STATUS_COMPLETED', Pending: 'ACTIVITY_STATUS_PENDING', ConsensusNeeded: 'ACTIVITY_STATUS_CONSENSUS_NEEDED', Failed: 'ACTIVITY_STATUS_FAILED' };
  return Object.fromEntries(Object.entries(all).filter(([name]) => statusOf[name.slice(key.length)] !== has));
}

const isGenerated = (name) => Object.keys(OUTCOME_SUFFIXES).some((suffix) => name.endsWith(suffix));

/** Line index of the offset. */
const lineOf = (text, offset) => text.slice(0, offset).split('\n').length - 1;

function rewrite(text) {
  // First drop earlier generated examples, so the script can run again.
  let doc = parseDocument(text);
  const lines = text.split('\n');
  const drop = new Set();
  for (const pair of doc.contents.items) {
    const examples = doc.getIn([pair.key.value, 'post', 'responses', '200', 'content', 'application/json', 'examples'], true);
    if (!examples) continue;
    for (const item of examples.items) {
      if (!isGenerated(item.key.value)) continue;
      const first = lineOf(text, item.key.range[0]);
      const last = lineOf(text, item.value.range[2] - 1);
      for (let i = first; i <= last; i++) drop.add(i);
    }
  }
  text = lines.filter((_, i) => !drop.has(i)).join('\n');
  doc = parseDocument(text);
  const inserts = [];
  let count = 0;
  for (const pair of doc.contents.items) {
    const post = doc.getIn([pair.key.value, 'post'], true);
    if (!post || post.get('x-sigil-kind') !== 'submission') continue;
    if (NEVER_WAITS.has(post.get('x-sigil-activity-type'))) continue;
    const examples = doc.getIn([pair.key.value, 'post', 'responses', '200', 'content', 'application/json', 'examples'], true);
    const first = examples.items[0];
    const completed = first.value.toJSON();
    const result = post.get('x-sigil-result');
    const resultKey = result.charAt(0).toLowerCase() + result.slice(1);
    const indent = ' '.repeat(first.key.range[0] - text.lastIndexOf('\n', first.key.range[0]) - 1);
    const yaml = stringify(outcomeExamples(first.key.value, completed.summary ?? pair.key.value, completed.value, resultKey), { lineWidth: 100 })
      .trimEnd()
      .split('\n')
      .map((line) => indent + line)
      .join('\n');
    // After the last line of the examples map.
    inserts.push({ line: lineOf(text, examples.range[2] - 1), yaml });
    count += 1;
  }
  const out = text.split('\n');
  for (const { line, yaml } of inserts.sort((a, b) => b.line - a.line)) out.splice(line + 1, 0, yaml);
  return { text: out.join('\n'), count };
}

let total = 0;
for (const file of readdirSync(PATHS).filter((name) => name.endsWith('.yaml')).sort()) {
  const url = new URL(file, PATHS);
  const before = readFileSync(url, 'utf8');
  const { text, count } = rewrite(before);
  if (text !== before) writeFileSync(url, text);
  total += count;
}
console.log(`outcome examples for ${total} submissions`);
