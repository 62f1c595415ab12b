/**
 * The day a page was last updated, as the theme writes it: Intl.DateTimeFormat
 * with a numeric day, short month and numeric year in UTC. Making the first
 * Intl.DateTimeFormat of a page costs the browser about 17 ms of the hydration
 * task (it loads the locale's data), so for English with the Gregorian
 * calendar, the site's only locale, the same text is made from a table.
 * Any other locale or calendar still goes through Intl.
 */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export function formatDay(date: Date, locale: string, calendar: string | undefined): string {
  if ((locale === 'en' || locale === 'en-US') && (calendar === undefined || calendar === 'gregory')) {
    return `${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  }
  return new Intl.DateTimeFormat(locale, {calendar, day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'}).format(date);
}
