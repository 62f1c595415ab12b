/**
 * Every product name and outside address the site uses lives here, so a
 * maintainer changes one file (or sets the environment variables) and nothing
 * else in the code repeats them. Hosts stay under the reserved `.example`
 * domain until real ones are configured.
 */
const env = (name: string, fallback: string): string => {
  const value = process.env[name];
  return value && value.trim() !== '' ? value.trim() : fallback;
};

export const brand = {
  name: 'Sigil',
  tagline: 'Programmatic key management',
  siteUrl: env('SIGIL_SITE_URL', 'https://docs.sigil.example'),
  apiBaseUrl: env('SIGIL_API_BASE_URL', 'https://api.sigil.example'),
  dashboardUrl: env('SIGIL_DASHBOARD_URL', 'https://app.sigil.example'),
  repositoryUrl: env('SIGIL_REPOSITORY_URL', 'https://github.com/sigil-example/docs'),
  socialUrl: env('SIGIL_SOCIAL_URL', 'https://x.com/sigil_example'),
  socialLabel: 'X (Twitter)',
} as const;

/**
 * The announcement bar. Change `id` whenever `content` changes: readers who
 * dismissed an older announcement then see the new one.
 * Set `SIGIL_ANNOUNCEMENT=off` to hide it.
 */
export const announcement =
  env('SIGIL_ANNOUNCEMENT', 'on') === 'off'
    ? undefined
    : {
        id: env('SIGIL_ANNOUNCEMENT_ID', 'api-v1-docs-2026-11'),
        content: env(
          'SIGIL_ANNOUNCEMENT_CONTENT',
          'Sigil API v1 documentation is live. See what changed in the <a href="/changelog">changelog</a>.',
        ),
        isCloseable: true,
      };
