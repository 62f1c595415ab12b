import {describe, expect, it} from 'vitest';
import {formatDay} from './formatDay';

const intl = (date: Date, locale: string, calendar?: string) =>
  new Intl.DateTimeFormat(locale, {calendar, day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'}).format(date);

describe('formatDay', () => {
  it('writes every day of four years as Intl does in English, in UTC whatever the hour', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let day = 0; day < 4 * 366; day++) {
      // Late in the UTC day: a formatter in local time would move some of these to the next day.
      const date = new Date(start + day * 86_400_000 + 23 * 3_600_000 + 59 * 60_000);
      expect(formatDay(date, 'en', 'gregory')).toBe(intl(date, 'en', 'gregory'));
      expect(formatDay(date, 'en-US', undefined)).toBe(intl(date, 'en-US'));
    }
  });

  it('leaves other locales and calendars to Intl', () => {
    const date = new Date(Date.UTC(2026, 10, 28, 12));
    expect(formatDay(date, 'fr', 'gregory')).toBe(intl(date, 'fr', 'gregory'));
    expect(formatDay(date, 'en', 'japanese')).toBe(intl(date, 'en', 'japanese'));
    expect(formatDay(date, 'en', 'gregory')).toBe('Nov 28, 2026');
  });
});
