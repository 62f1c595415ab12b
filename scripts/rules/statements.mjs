// Finds the normative statements of a docs page (which code a situation answers, who may or cannot do what, a
// default, a limit) and decides where each comes from: a behavior rule the sentence cites, or the API document
// (an operation it names lists the code in `x-errors`; a number it states is a value of `x-limits`). Pure
// functions over text; check-statements.mjs applies them to website/docs.

export const RULES_PAGE = '/reference/behavior-rules';

/**
 * The sentences of an MDX page outside code, front matter, imports, headings and JSX lines, each with the
 * line it starts on. A table row and a list item start a block of their own; a sentence never spans blocks.
 */
export function sentencesOf(text) {
  const lines = text.split('\n');
  const blocks = [];
  let block = null;
  let fence = null;
  let index = 0;
  let jsx = false;
  if (lines[0] === '---') {
    index = lines.indexOf('---', 1) + 1;
  }
  const close = () => {
    if (block) blocks.push(block);
    block = null;
  };
  for (; index < lines.length; index++) {
    const line = lines[index];
    const trimmed = line.trim();
    const fenceMatch = /^(`{3,}|~{3,})/.exec(trimmed);
    if (fence) {
      if (fenceMatch && trimmed.startsWith(fence)) fence = null;
      continue;
    }
    if (fenceMatch) {
      close();
      fence = fenceMatch[1];
      continue;
    }
    // A JSX element over several lines (props of a component): its strings are data, not prose.
    if (jsx) {
      if (/\/?>$/.test(trimmed)) jsx = false;
      continue;
    }
    if (/^<[A-Za-z][\w.]*(\s|$)/.test(trimmed) && !/>/.test(trimmed)) {
      close();
      jsx = true;
      continue;
    }
    const skip =
      trimmed === '' ||
      /^#{1,6}\s/.test(trimmed) ||
      /^(import|export)\s/.test(trimmed) ||
      /^:::/.test(trimmed) ||
      /^<\/?[A-Za-z][^>]*>?$/.test(trimmed) ||
      /^\{\/\*.*\*\/\}$/.test(trimmed) ||
      /^\|?\s*:?-{3,}/.test(trimmed);
    if (skip) {
      close();
      continue;
    }
    const startsBlock = /^(\||[-*+]\s|\d+\.\s|>)/.test(trimmed);
    if (startsBlock || !block) {
      close();
      block = { line: index + 1, text: trimmed };
      if (trimmed.startsWith('|')) close();
    } else {
      block.text += ` ${trimmed}`;
    }
  }
  close();
  const sentences = [];
  // A table row's context is the paragraph that introduces the table: it names the operation the rows are about.
  let intro = '';
  for (const { line, text: blockText } of blocks) {
    const isRow = blockText.startsWith('|');
    // A sentence ends at . ! ? followed by a capital, a backtick or a link.
    for (const sentence of blockText.split(/(?<=[.!?])\s+(?=[A-Z`[*])/)) sentences.push({ line, text: sentence, context: isRow ? intro : '' });
    if (!isRow) intro = blockText;
  }
  return sentences;
}

/** The text a reader sees: links reduced to their text, emphasis marks dropped. */
export function plainText(sentence) {
  return sentence
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__/g, '')
    .replace(/<[^>]+>/g, '');
}

const API_WORDS = /\b(users?|root|approv\w*|votes?|credentials?|(?:api )?keys?|polic(?:y|ies)|organi[sz]ations?|sub-organi[sz]ations?|sessions?|activit(?:y|ies)|requests?|submissions?|wallets?|quorum|passkeys?|authenticators?|signs?|Sigil)\b/i;

const POLICY_ORDER = /\bdeny\b[^.;:]{0,30}\bwins?\b|\bstands? above (?:policies|them)\b|\bskip policies\b|\bdo(?:es)? not (?:bind|stop) (?:a )?root users?\b/i;
const TRANSPORT_CODES = [1, 2, 4, 13, 14];
const ACTIONS = String.raw`(?:sign(?! (?:\w+ ){0,2}in\b)|approve|vote|reject|export|import|delete|create|submit|add|change|act|count|allow|override|recover|read|use (?:its|their|the user's|a user's) keys)`;
// "only … can/may <action>", "only <who>'s votes count", "cannot/may not <action>".
const PERMISSION = new RegExp(
  String.raw`\bonly\b[^.;:]{0,80}?\b(?:can|may)\s+(?:\w+\s+)?${ACTIONS}|\bonly\b[^.;:]{0,40}\bvotes?\b[^.;:]{0,20}\bcounts?\b|\bonly they count\b|\b(?:cannot|can't|can not|may not)\s+(?:\w+\s+)?${ACTIONS}\b`,
  'i',
);
// Sigil's operators and enclaves are outside what the API (and so the emulator) can show.
const INFRASTRUCTURE = /\b(enclaves?|operators?|Sigil cannot)\b/i;
const ACTORS = /\b(users?|root|approvers?|votes?|credentials?|(?:API )?keys?|parent|organi[sz]ations?|sub-organi[sz]ations?|backend|submitter|polic(?:y|ies)|quorum|passkeys?)\b/i;

/**
 * The normative statements of one sentence: `{kind, codes, numbers}` for each kind it makes (code, permission,
 * policy order, default, limit). `codeNames` maps the document's code names (PERMISSION_DENIED) to numbers. On a library's
 * page (`options.libraryPage`, the SDK reference) defaults and limits are the library's options, which its own
 * tests cover, so only codes and permissions count there.
 */
export function statementsOf(sentence, codeNames, options = {}) {
  const text = plainText(sentence);
  // Link texts name other pages ("[only the signing server may sign](…)"): they state nothing here.
  const ownText = plainText(sentence.replace(/!?\[[^\]]*\]\([^)]*\)/g, 'that'));
  const found = [];
  const codes = new Set();
  // "code 7", "code `7`", "codes `4`, `8`", but not an exit code, an HTTP status code or a code block.
  for (const match of text.matchAll(/(?<!\b(?:exit|status|HTTP|error|response|source|sample|QR|OTP|one-time|verification|wrong|valid|new|the)\s)\bcodes?\s+((?:`?\d{1,2}`?(?:,\s*|\s+(?:or|and)\s+)?)+)(?!\s*(?:blocks?|font|examples?|samples?|digits?|lines?)\b)/gi)) {
    for (const number of match[1].matchAll(/\d{1,2}/g)) codes.add(Number(number[0]));
  }
  for (const match of text.matchAll(/`([A-Z][A-Z_]{2,})`/g)) {
    if (codeNames.has(match[1]) && match[1] !== 'OK') codes.add(codeNames.get(match[1]));
  }
  // Codes of the transport, not of a situation the API decides: no answer, a timeout, an internal error.
  for (const transport of TRANSPORT_CODES) codes.delete(transport);
  // A list item that only links on ("- [Errors](…): what code 16 means") states nothing itself.
  if (/^[-*]\s+\[[^\]]+\]\([^)]+\):/.test(sentence)) return [];
  // Not a situation: which codes a client retries, a code a tool takes as input, a failure the client raises
  // itself before sending. On a library's page, only a sentence that says what Sigil answers.
  const notASituation =
    /\bretr\w*/i.test(text) ||
    /\ba code \(/i.test(text) ||
    /\bbefore (?:sending|anything is sent)\b/i.test(text) ||
    (options.libraryPage && !/\b(?:refus\w*|fails?|means|answers?|rejects?|did not accept)\b/i.test(text));
  if (codes.size > 0 && !notASituation) found.push({ kind: 'code', codes: [...codes] });
  const numbers = [...text.replace(/\bcodes?\s+`?\d{1,2}`?/gi, '').matchAll(/\b\d[\d,]*(?:\.\d+)?\b/g)].map((m) => Number(m[0].replace(/,/g, '')));
  if (PERMISSION.test(ownText) && ACTORS.test(ownText) && !INFRASTRUCTURE.test(ownText)) found.push({ kind: 'permission', codes: [...codes] });
  // How policies combine: a deny winning, the root quorum standing above them. Where readers were misled most.
  if (POLICY_ORDER.test(ownText)) found.push({ kind: 'policy', codes: [...codes] });
  if (!options.libraryPage && !/`@sigil\//.test(text) && /\bby default\b|\bdefaults? to\b|\bthe default is\b/i.test(text) && API_WORDS.test(text)) found.push({ kind: 'default', numbers });
  // A limit is a number of things; amounts of a currency and client waits are a policy's or an SDK's business.
  const limitPhrase = /\b(?:at most|up to|no more than|maximum of)\s+(?:the number of|\d[\d,]*(?!\.\d)(?!\s*(?:ETH|SOL|BTC|ms|milliseconds?|s|seconds?|minutes?)\b))/i;
  if (!options.libraryPage && limitPhrase.test(text) && API_WORDS.test(text)) found.push({ kind: 'limit', numbers });
  return found;
}

/** The rule ids a sentence cites: links to the rules page's anchors. */
export function citedRules(sentence) {
  const link = new RegExp(String.raw`\]\(${RULES_PAGE}#([a-z0-9.-]+)\)`, 'g');
  return [...sentence.matchAll(link)].map((m) => m[1]);
}

/** The operations (snake_case names) a sentence names: links to /api/<area>/<operation> and names in code font. */
export function namedOperations(sentence, operationNames) {
  const names = new Set();
  for (const match of sentence.matchAll(/\]\(\/api\/[a-z0-9-]+\/([a-z0-9-]+)(?:#[^)]*)?\)/g)) names.add(match[1].replace(/-/g, '_'));
  for (const match of sentence.matchAll(/`([a-z][a-z0-9_]+)`/g)) names.add(match[1]);
  return [...names].filter((name) => operationNames.has(name));
}

/**
 * What backs one statement: `{by: 'rule', rules}`, `{by: 'document', why}` or `{by: null, why}`. A rule backs
 * a code statement only when it lists that code.
 */
export function backing(statement, sentence, { rules, document, context = '' }) {
  const cited = citedRules(sentence);
  const unknown = cited.filter((id) => !rules.has(id));
  if (unknown.length > 0) return { by: null, why: `cites ${unknown.join(', ')}, which is not a rule of the catalog` };
  if (cited.length > 0) {
    if (statement.kind === 'code') {
      const listed = new Set(cited.flatMap((id) => rules.get(id).codes));
      const missing = statement.codes.filter((code) => !listed.has(code));
      if (missing.length > 0) return { by: null, why: `states code ${missing.join(', ')}, which the cited rule ${cited.join(', ')} does not list` };
    }
    return { by: 'rule', rules: cited };
  }
  if (statement.kind === 'code') {
    const operations = namedOperations(`${sentence} ${context}`, document.operationErrors);
    if (operations.length > 0) {
      const listed = new Set([...document.commonCodes, ...operations.flatMap((name) => document.operationErrors.get(name))]);
      if (statement.codes.every((code) => listed.has(code))) return { by: 'document', why: `x-errors of ${operations.join(', ')}` };
      return { by: null, why: `states code ${statement.codes.filter((c) => !listed.has(c)).join(', ')}, which the document does not list for ${operations.join(', ')}` };
    }
  }
  if (statement.kind === 'default') {
    // A field the sentence names in code font whose schema default the sentence gives, also in code font.
    const quoted = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    const fields = quoted.filter((name) => document.fieldDefaults.has(name));
    if (fields.length > 0 && fields.every((name) => quoted.includes(String(document.fieldDefaults.get(name))))) return { by: 'document', why: `default of ${fields.join(', ')}` };
  }
  if (statement.kind === 'limit' || statement.kind === 'default') {
    // A number the sentence gives is a value of x-limits, and the sentence points at where it is defined.
    const pointsAtDocument = /\]\((?:\/api\/|\/getting-started\/resource-limits)/.test(sentence) || [...sentence.matchAll(/`([a-z0-9-]+)`/g)].some((m) => document.limitIds.has(m[1]));
    const stated = statement.numbers.filter((n) => n > 1);
    if (pointsAtDocument && stated.length > 0 && stated.every((n) => document.limitValues.has(n))) return { by: 'document', why: 'x-limits' };
    // Or the sentence names the limit's subject ("100 policies") with the document's value for it.
    const plain = plainText(sentence).toLowerCase();
    const named = document.limits.filter((l) => l.subject.some((word) => plain.includes(word)) && stated.some((n) => l.values.includes(n)));
    if (stated.length > 0 && named.length > 0 && stated.every((n) => named.some((l) => l.values.includes(n)))) return { by: 'document', why: `x-limits ${named.map((l) => l.id).join(', ')}` };
  }
  return { by: null, why: 'cites no rule and names nothing of the API document that states it' };
}

/** The facts of the API document the check compares statements with. */
export function documentFacts(openapi) {
  const operationErrors = new Map();
  for (const [path, item] of Object.entries(openapi.paths)) {
    const operation = item.post;
    if (!operation) continue;
    operationErrors.set(path.split('/').pop(), (operation['x-errors'] ?? []).map((e) => e.code));
  }
  const limitValues = new Set(openapi['x-limits'].flatMap((l) => (Array.isArray(l.value) ? l.value : [l.value])));
  const STOP = new Set(['per', 'of', 'in', 'a', 'the', 'one', 'max', 'maximum', 'default', 'organization', 'user', 'wallet', 'request']);
  const limits = openapi['x-limits'].map((l) => ({
    id: l.id,
    values: Array.isArray(l.value) ? l.value : [l.value],
    subject: l.name.toLowerCase().split(/[^a-z-]+/).filter((word) => word.length > 2 && !STOP.has(word)),
  }));
  // Each property's default, where every schema that has the property agrees on it.
  const fieldDefaults = new Map();
  const conflicting = new Set();
  for (const schema of Object.values(openapi.components.schemas)) {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const referenced = property?.$ref ? openapi.components.schemas[property.$ref.split('/').pop()] : undefined;
      // A default the schema gives as `default`, or in its description ("Defaults to `X`.").
      const value = property?.default ?? referenced?.default ?? /\bDefaults? (?:to|is) `([^`]+)`/.exec(property?.description ?? '')?.[1];
      if (value === undefined) continue;
      if (fieldDefaults.has(name) && fieldDefaults.get(name) !== value) conflicting.add(name);
      fieldDefaults.set(name, value);
    }
  }
  for (const name of conflicting) fieldDefaults.delete(name);
  return {
    fieldDefaults,
    limits,
    operationErrors,
    commonCodes: openapi['x-common-errors'].map((e) => e.code),
    codeNames: new Map(openapi['x-error-codes'].map((e) => [e.name, e.code])),
    limitIds: new Set(openapi['x-limits'].map((l) => l.id)),
    limitValues,
  };
}
