import {CLI_BODY_OPTION, envOr, sampleBaseUrl} from './sample-env';
import {sdkSamples, type SdkSampleInput} from './sdk-samples';
import type {SampleInput} from './sample-input';
import type {CodeSamples} from './types';

export type {SampleInput} from './sample-input';

const SAFE_SHELL_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** Quotes one argument for POSIX shells: single quotes, embedded `'` written as `'\''`. */
export function shellQuote(arg: string): string {
  if (arg !== '' && SAFE_SHELL_WORD.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl command, one option per line. `url` is the address, or a shell word that makes it; `stamp` is the
 * header value, or a shell expression for it.
 */
export function curlCommand(url: string | {shellWord: string}, body: string, stamp: {value: string} | {shellExpression: string}): string {
  const stampArg = 'value' in stamp ? shellQuote(`X-Stamp: ${stamp.value}`) : `"X-Stamp: ${stamp.shellExpression}"`;
  return [
    `curl -X POST ${typeof url === 'string' ? shellQuote(url) : url.shellWord}`,
    `-H ${shellQuote('Content-Type: application/json')}`,
    `-H ${stampArg}`,
    `--data-raw ${shellQuote(body)}`,
  ].join(' \\\n  ');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function tsString(value: string): string {
  // Double quotes only when the text has single quotes and no double quotes (`"m/44'/60'/0'/0/0"`).
  if (value.includes("'") && !value.includes('"')) return JSON.stringify(value);
  return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

/** A value as a TypeScript literal in the repository's style (unquoted keys, single quotes, 2 spaces). */
export function tsLiteral(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (value === null) return 'null';
  if (typeof value === 'string') return tsString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${tsLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([k, v]) => `${inner}${IDENTIFIER.test(k) ? k : tsString(k)}: ${tsLiteral(v, inner)},`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  throw new Error(`Cannot write ${typeof value} as a TypeScript literal`);
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The organization the samples fall back to: the request example's, else the document's first. */
export function sampleOrganization(input: SampleInput): string {
  const {organizationId} = asRecord(input.requestExample);
  return typeof organizationId === 'string' ? organizationId : input.fallbackOrganizationId;
}

/** The TypeScript sample: `@sigil/http`'s `SigilClient` with an `ApiKeyStamper`, calling this operation's method. */
export function typescriptSample(input: SampleInput): string {
  const body = asRecord(input.requestExample);
  const organizationId = typeof body.organizationId === 'string' ? body.organizationId : input.fallbackOrganizationId;
  const imports =
    input.kind === 'submission'
      ? `import { ApiKeyStamper } from '@sigil/api-key-stamper';\nimport { SigilClient, waitForActivity } from '@sigil/http';`
      : `import { ApiKeyStamper } from '@sigil/api-key-stamper';\nimport { SigilClient } from '@sigil/http';`;
  const client = [
    'const client = new SigilClient({',
    `  baseUrl: ${envOr('typescript', 'baseUrl', sampleBaseUrl(input.apiBaseUrl))},`,
    `  organizationId: ${envOr('typescript', 'organizationId', organizationId)},`,
    '  stamper: new ApiKeyStamper({',
    "    apiPublicKey: process.env.SIGIL_API_PUBLIC_KEY ?? '',",
    "    apiPrivateKey: process.env.SIGIL_API_PRIVATE_KEY ?? '',",
    '  }),',
    '});',
  ].join('\n');

  let call: string;
  if (input.kind === 'submission') {
    const parameters = tsLiteral(asRecord(body.parameters));
    const outcome = input.resultKey
      ? `if (outcome === 'COMPLETED') {\n  console.log(final.result.${input.resultKey});\n} else {\n  console.log(outcome, final.failure?.message);\n}`
      : `console.log(outcome, final.status);`;
    call = [
      `const activity = await client.${input.operationId}(${parameters});`,
      '',
      '// Wait until the activity is final (it may need approvals or run asynchronously).',
      'const { outcome, activity: final } = await waitForActivity(client, activity);',
      outcome,
    ].join('\n');
  } else {
    // The client fills in its own organizationId; leave it out unless the call is about another organization.
    const {organizationId: _own, ...rest} = body;
    const argument = Object.keys(rest).length > 0 ? tsLiteral(rest) : '';
    const fields = input.responseFields.filter((f) => IDENTIFIER.test(f));
    call =
      fields.length > 0
        ? `const { ${fields.join(', ')} } = await client.${input.operationId}(${argument});\nconsole.log(${fields.join(', ')});`
        : `const response = await client.${input.operationId}(${argument});\nconsole.log(response);`;
  }
  return `${imports}\n\n${client}\n\n${call}\n`;
}

/** A JSON value as a Python literal (double-quoted strings, True/False/None, 4 spaces). */
export function pyLiteral(value: unknown, indent = ''): string {
  const inner = `${indent}    `;
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  // JSON string escapes (\", \\, \n, \uXXXX) mean the same in Python string literals.
  if (typeof value === 'string' || typeof value === 'number') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${pyLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pyLiteral(v, inner)},`).join('\n')}\n${indent}}`;
  }
  throw new Error(`Cannot write ${typeof value} as a Python literal`);
}

/**
 * The Python sample: the stamp built with `cryptography` alone (P-256 ECDSA over SHA-256 of the exact
 * body, DER signature in hex, the stamp JSON base64url without padding) and the call made with `requests`.
 */
export function pythonSample(input: SampleInput): string {
  const body = asRecord(input.requestExample);
  const stampsTime = typeof body.timestampMs === 'string';
  return [
    'import base64',
    'import json',
    'import os',
    ...(stampsTime ? ['import time'] : []),
    '',
    'import requests',
    'from cryptography.hazmat.primitives import hashes',
    'from cryptography.hazmat.primitives.asymmetric import ec',
    '',
    `URL = ${envOr('python', 'baseUrl', sampleBaseUrl(input.apiBaseUrl))} + ${JSON.stringify(input.path)}`,
    'API_PUBLIC_KEY = os.environ["SIGIL_API_PUBLIC_KEY"]  # compressed P-256 key, hex',
    'API_PRIVATE_KEY = os.environ["SIGIL_API_PRIVATE_KEY"]  # private scalar, hex',
    '',
    '',
    'def stamp(body: str) -> str:',
    '    """The X-Stamp header value: the exact body signed with the API key."""',
    '    key = ec.derive_private_key(int(API_PRIVATE_KEY, 16), ec.SECP256R1())',
    '    signature = key.sign(body.encode("utf-8"), ec.ECDSA(hashes.SHA256()))',
    '    stamp_json = json.dumps({',
    '        "publicKey": API_PUBLIC_KEY,',
    '        "scheme": "SIGNATURE_SCHEME_SIGIL_P256_ECDSA_SHA256",',
    '        "signature": signature.hex(),',
    '    })',
    '    return base64.urlsafe_b64encode(stamp_json.encode("utf-8")).decode("ascii").rstrip("=")',
    '',
    '',
    `body = ${pyLiteral(body)}`,
    ...(typeof body.organizationId === 'string' ? [`body["organizationId"] = ${envOr('python', 'organizationId', body.organizationId)}`] : []),
    ...(stampsTime ? ['# The API refuses stale requests: stamp the current time.', 'body["timestampMs"] = str(time.time_ns() // 1_000_000)'] : []),
    '# Sign exactly the bytes you send.',
    'payload = json.dumps(body)',
    'response = requests.post(URL, data=payload, headers={"Content-Type": "application/json", "X-Stamp": stamp(payload)}, timeout=30)',
    'if not response.ok:',
    '    error = response.json()',
    '    raise SystemExit(f"HTTP {response.status_code}: {error.get(\'message\')} (code {error.get(\'code\')})")',
    'print(json.dumps(response.json(), indent=2))',
    '',
  ].join('\n');
}

/** The samples of an operation page: the four above and one per SDK (`sdk-samples/`). */
export function codeSamples(input: SdkSampleInput): CodeSamples {
  const body = JSON.stringify(input.requestExample);
  const curl = [
    '# X_STAMP: the stamp of the exact body below (see "Authentication" on /api). Get this command',
    `# stamped with \`sigil request --path ${input.path} --body @body.json --no-post\`, or with "Try it".`,
    ...(input.kind === 'submission' ? ['# Set timestampMs to the current time in milliseconds before you sign.'] : []),
    curlCommand({shellWord: `"${envOr('curl', 'baseUrl', sampleBaseUrl(input.apiBaseUrl))}${input.path}"`}, body, {shellExpression: '$X_STAMP'}),
  ].join('\n');
  // Like the SDKs, the CLI reads SIGIL_BASE_URL itself (else the key file's, else its default): name the site's only when it differs.
  const baseUrlOption = sampleBaseUrl(input.apiBaseUrl) === input.cliDefaultBaseUrl ? '' : ` --base-url "${envOr('cli', 'baseUrl', sampleBaseUrl(input.apiBaseUrl))}"`;
  const cli = [
    '# body.json holds the request body (see "Request example"); the key comes from `sigil keys generate`.',
    'export SIGIL_API_KEY_FILE="${SIGIL_API_KEY_FILE:-api-key.json}"',
    `sigil request --path ${input.path} ${CLI_BODY_OPTION}${baseUrlOption}`,
  ].join('\n');
  return {
    curl,
    typescript: typescriptSample(input),
    cli,
    python: pythonSample(input),
    ...sdkSamples(input),
    organizationId: sampleOrganization(input),
  };
}
