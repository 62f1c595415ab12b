/**
 * How every code sample names the API's base URL and the organization: read from the environment variables
 * the SDKs and the `sigil` CLI read (`SIGIL_BASE_URL`, `SIGIL_ORGANIZATION_ID`), with the documented value as
 * the fallback. The generators write these expressions, and the sample panel finds the same text to replace it
 * with the reader's own value when the request builder is open (personalised samples): one module for both
 * sides, so what the page looks for is what the build wrote. No imports: it runs at build time and in the page.
 */

/** The sample languages, as `CodeSamples` keys. */
export type SampleLanguage = 'typescript' | 'curl' | 'cli' | 'python' | 'go' | 'ruby' | 'rust';

/** The settings a sample reads from the environment, and the variable each comes from. */
export const SAMPLE_ENV = {baseUrl: 'SIGIL_BASE_URL', organizationId: 'SIGIL_ORGANIZATION_ID'} as const;
export type SampleSetting = keyof typeof SAMPLE_ENV;

/** The documented base URL as the samples write it: without a trailing slash (paths start with one). */
export function sampleBaseUrl(apiBaseUrl: string): string {
  return apiBaseUrl.replace(/\/+$/, '');
}

/** A string literal in the sample's language (shell: a word that stays one argument). */
export function stringLiteral(language: SampleLanguage, value: string): string {
  switch (language) {
    case 'typescript':
      return `'${JSON.stringify(value).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
    case 'ruby':
      // `#{`, `#@` and `#$` interpolate in Ruby's double quotes.
      return JSON.stringify(value).replace(/#(?=[{@$])/g, '\\#');
    case 'rust':
      return JSON.stringify(value).replace(/\\u([0-9a-fA-F]{4})/g, '\\u{$1}');
    case 'go':
      return JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    case 'python':
      return JSON.stringify(value);
    case 'curl':
    case 'cli':
      return shellDoubleQuoted(value);
  }
}

/** Text that means `value` inside a shell's double quotes. */
function shellDoubleQuoted(value: string): string {
  return value.replace(/[\\"$`]/g, '\\$&');
}

/**
 * The expression a sample reads a setting with: the environment variable, else the documented value.
 * Shell samples use it inside double quotes (`"${SIGIL_BASE_URL:-https://…}/public/v1/…"`).
 */
export function envOr(language: SampleLanguage, setting: SampleSetting, documented: string): string {
  const name = SAMPLE_ENV[setting];
  const fallback = stringLiteral(language, documented);
  switch (language) {
    case 'typescript':
      return `process.env.${name} ?? ${fallback}`;
    case 'python':
      return `os.environ.get("${name}", ${fallback})`;
    case 'go':
      return `envOr("${name}", ${fallback})`;
    case 'ruby':
      return `ENV.fetch("${name}", ${fallback})`;
    case 'rust':
      // rustfmt breaks a call whose arguments pass 60 columns: the helper adds the common prefix.
      return `sigil_env("${name.replace(/^SIGIL_/, '')}", ${fallback})`;
    case 'curl':
    case 'cli':
      return `\${${name}:-${fallback}}`;
  }
}

/** The CLI sample's body option, after which the reader's base URL goes. */
export const CLI_BODY_OPTION = '--body @body.json';

/** One change that makes a sample the reader's: `from` becomes `to`; `typeAt` is where in `from` the new text takes its colour. */
export interface SampleEdit {
  from: string;
  to: string;
  typeAt: number;
}

/** What a reader's samples show instead of the documented values; a setting left out stays as documented. */
export type ReaderSettings = Partial<Record<SampleSetting, string>>;

/**
 * Characters a reader's value may have to go into a sample as is: a URL's or an ID's, without quotes, `$`, `#`,
 * `!` (bash expands it inside double quotes), backslashes, backticks or spaces, so it means the same unescaped in
 * every language's string and inside a shell's quotes.
 */
const SAFE_VALUE: Record<SampleSetting, RegExp> = {
  baseUrl: /^https?:\/\/[A-Za-z0-9._~:/?[\]@&()*+,;=%-]+$/,
  organizationId: /^[A-Za-z0-9_-]{1,128}$/,
};

/** The reader's value when a sample can show it as is, else undefined (the sample then stays as documented). */
export function sampleValue(setting: SampleSetting, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = setting === 'baseUrl' ? value.trim().replace(/\/+$/, '') : value.trim();
  return SAFE_VALUE[setting].test(trimmed) ? trimmed : undefined;
}

/**
 * The edits that turn a sample into the reader's: each setting's environment expression becomes the reader's
 * value as a literal (what is shown is what runs, whatever the environment holds), and every other occurrence
 * of the documented value (a body's organizationId, a URL) becomes the reader's value. Values `sampleValue`
 * refuses are left out. The edits are applied in one pass, the earlier first where two start at one place.
 */
export function personalEdits(language: SampleLanguage, documented: Record<SampleSetting, string>, reader: ReaderSettings): SampleEdit[] {
  const edits: SampleEdit[] = [];
  const settings = Object.keys(SAMPLE_ENV) as SampleSetting[];
  const values = settings.map((setting) => [setting, sampleValue(setting, reader[setting])] as const);
  for (const [setting, value] of values) {
    if (value === undefined || value === documented[setting]) continue;
    if (language === 'cli' && setting === 'baseUrl') {
      // The CLI sample names a base URL only when the site's is not the CLI's own default: drop it, name the reader's.
      edits.push({from: ` --base-url "${envOr(language, setting, documented[setting])}"`, to: '', typeAt: 0});
      edits.push({from: CLI_BODY_OPTION, to: `${CLI_BODY_OPTION} --base-url '${value}'`, typeAt: 0});
      continue;
    }
    const expression = envOr(language, setting, documented[setting]);
    const shell = language === 'curl' || language === 'cli';
    // A shell expansion sits inside double quotes already: the value takes its place as it is.
    const literal = shell ? value : stringLiteral(language, value);
    edits.push({from: expression, to: literal, typeAt: shell ? 0 : expression.lastIndexOf(stringLiteral(language, documented[setting]))});
  }
  for (const [setting, value] of values) {
    if (value !== undefined && value !== documented[setting]) edits.push({from: documented[setting], to: value, typeAt: 0});
  }
  return edits;
}
