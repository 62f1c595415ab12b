import {describe, expect, it} from 'vitest';
import {envOr, personalEdits, sampleValue, stringLiteral, type SampleLanguage} from './sample-env';

const DOCUMENTED = {baseUrl: 'https://api.sigil.example', organizationId: '5f1c2a9e-0000-4000-8000-000000000001'};
const LANGUAGES: SampleLanguage[] = ['typescript', 'curl', 'cli', 'python', 'go', 'ruby', 'rust'];

/** The edits applied in one pass, as the sample panel applies them. */
function apply(text: string, language: SampleLanguage, reader: Parameters<typeof personalEdits>[2]): string {
  const edits = personalEdits(language, DOCUMENTED, reader);
  if (edits.length === 0) return text;
  const pattern = new RegExp(edits.map((e) => e.from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (found) => edits.find((e) => e.from === found)!.to);
}

describe('envOr: what a sample reads its base URL and organization with', () => {
  it('names the variables the SDKs and the CLI read, with the documented value as the fallback', () => {
    expect(envOr('typescript', 'baseUrl', DOCUMENTED.baseUrl)).toBe("process.env.SIGIL_BASE_URL ?? 'https://api.sigil.example'");
    expect(envOr('python', 'organizationId', 'org')).toBe('os.environ.get("SIGIL_ORGANIZATION_ID", "org")');
    expect(envOr('go', 'baseUrl', 'u')).toBe('envOr("SIGIL_BASE_URL", "u")');
    expect(envOr('ruby', 'baseUrl', 'u')).toBe('ENV.fetch("SIGIL_BASE_URL", "u")');
    expect(envOr('rust', 'organizationId', 'o')).toBe('sigil_env("ORGANIZATION_ID", "o")');
    expect(envOr('curl', 'baseUrl', DOCUMENTED.baseUrl)).toBe('${SIGIL_BASE_URL:-https://api.sigil.example}');
  });

  it('quotes as each language does', () => {
    expect(stringLiteral('typescript', "it's")).toBe("'it\\'s'");
    expect(stringLiteral('ruby', 'a#{b}')).toBe('"a\\#{b}"');
    expect(stringLiteral('curl', 'a$b"c')).toBe('a\\$b\\"c');
  });
});

describe('sampleValue: what a sample may show of the reader', () => {
  it('takes http(s) URLs (without a trailing slash) and plain IDs', () => {
    expect(sampleValue('baseUrl', ' http://localhost:8787/ ')).toBe('http://localhost:8787');
    expect(sampleValue('organizationId', 'a1b2-c3')).toBe('a1b2-c3');
  });

  it('refuses what a quote, a shell or an interpolation would read differently', () => {
    for (const url of ["http://x/'", 'http://x/$(id)', 'http://x/`id`', 'http://x/#{x}', 'http://x/a b', 'http://x/!1', 'ftp://x', 'javascript:alert(1)']) {
      expect(sampleValue('baseUrl', url), url).toBeUndefined();
    }
    for (const id of ['', 'a"b', "a'b", 'a b', 'x'.repeat(129)]) expect(sampleValue('organizationId', id), id).toBeUndefined();
    expect(sampleValue('organizationId', undefined)).toBeUndefined();
  });
});

describe('personalEdits', () => {
  const reader = {baseUrl: 'http://localhost:8787', organizationId: 'reader-org'};

  it('turns each environment expression into the reader\'s literal, in every language', () => {
    for (const language of LANGUAGES) {
      if (language === 'cli') continue;
      const sample = `base = ${envOr(language, 'baseUrl', DOCUMENTED.baseUrl)}; org = ${envOr(language, 'organizationId', DOCUMENTED.organizationId)}`;
      const out = apply(sample, language, reader);
      expect(out, language).not.toContain('SIGIL_');
      expect(out, language).toContain('http://localhost:8787');
      expect(out, language).toContain('reader-org');
      expect(out, language).not.toContain(DOCUMENTED.organizationId);
    }
    expect(apply(`a = ${envOr('typescript', 'baseUrl', DOCUMENTED.baseUrl)}`, 'typescript', reader)).toBe("a = 'http://localhost:8787'");
  });

  it('replaces the documented organization in a body too', () => {
    const body = `--data-raw '{"organizationId":"${DOCUMENTED.organizationId}"}'`;
    expect(apply(body, 'curl', reader)).toBe(`--data-raw '{"organizationId":"reader-org"}'`);
  });

  it('never edits its own output again (a reader URL that extends the documented one)', () => {
    const longer = {baseUrl: `${DOCUMENTED.baseUrl}/v2`};
    const sample = `curl -X POST "${envOr('curl', 'baseUrl', DOCUMENTED.baseUrl)}/public/v1/query/whoami"`;
    expect(apply(sample, 'curl', longer)).toBe('curl -X POST "https://api.sigil.example/v2/public/v1/query/whoami"');
  });

  it('adds --base-url to the CLI command, or replaces the one it names', () => {
    expect(apply('sigil request --path /p --body @body.json', 'cli', reader)).toBe("sigil request --path /p --body @body.json --base-url 'http://localhost:8787'");
    const named = `sigil request --path /p --body @body.json --base-url "${envOr('cli', 'baseUrl', DOCUMENTED.baseUrl)}"`;
    expect(apply(named, 'cli', reader)).toBe("sigil request --path /p --body @body.json --base-url 'http://localhost:8787'");
  });

  it('has nothing to change for the documented values, or for values it refuses', () => {
    expect(personalEdits('go', DOCUMENTED, DOCUMENTED)).toEqual([]);
    expect(personalEdits('go', DOCUMENTED, {baseUrl: 'http://x/$(id)', organizationId: 'a b'})).toEqual([]);
    expect(personalEdits('go', DOCUMENTED, {})).toEqual([]);
  });
});
