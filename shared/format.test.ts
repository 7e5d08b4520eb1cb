import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatPlayingTime, formatPrice, formatSize, formatThousands, SIZE_UNITS } from './format.ts';

describe('formatSize', () => {
  it('shows 1536 bytes as 1.50 KB', () => {
    expect(formatSize(1536)).toBe('1.50 KB');
  });

  it('shows zero as 0 B and whole bytes without decimals', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1)).toBe('1 B');
    expect(formatSize(1023)).toBe('1023 B');
  });

  it('steps by 1024 through every unit', () => {
    expect(formatSize(1024)).toBe('1.00 KB');
    expect(formatSize(1024 ** 2)).toBe('1.00 MB');
    expect(formatSize(1024 ** 3 * 2.5)).toBe('2.50 GB');
    expect(formatSize(1024 ** 4)).toBe('1.00 TB');
    expect(formatSize(1024 ** 5)).toBe('1.00 PB');
  });

  it('caps at PB instead of inventing a larger unit', () => {
    expect(formatSize(1024 ** 6)).toBe('1024.00 PB');
    expect(SIZE_UNITS.at(-1)).toBe('PB');
  });

  it('moves to the next unit rather than showing 1024.00 of the smaller one', () => {
    expect(formatSize(1024 ** 2 - 1)).toBe('1.00 MB');
  });

  it("accepts the API's sizes sent as strings", () => {
    expect(formatSize('1048576')).toBe('1.00 MB');
    expect(formatSize('0')).toBe('0 B');
  });

  it('uses the requested number of decimals', () => {
    expect(formatSize(1536, 0)).toBe('2 KB');
    expect(formatSize(1536, 1)).toBe('1.5 KB');
    expect(formatSize(1024 ** 3 + 1024 ** 2 * 100, 3)).toBe('1.098 GB');
  });

  it('shows * for negative, non-numeric, empty or missing input', () => {
    for (const input of [-1, '-1', 'abc', '', '  ', NaN, Infinity, null, undefined]) {
      expect(formatSize(input), String(input)).toBe('*');
    }
  });
});

describe('formatThousands', () => {
  it('puts commas between thousands of the integer part', () => {
    expect(formatThousands(1234567)).toBe('1,234,567');
    expect(formatThousands('1000')).toBe('1,000');
  });

  it('leaves numbers under a thousand alone', () => {
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(0)).toBe('0');
  });

  it('leaves the decimals untouched', () => {
    expect(formatThousands('1234.56789')).toBe('1,234.56789');
    expect(formatThousands(1234567.5)).toBe('1,234,567.5');
  });

  it('keeps the sign', () => {
    expect(formatThousands(-1234567)).toBe('-1,234,567');
    expect(formatThousands('+12345')).toBe('+12,345');
  });

  it('returns text that is not a number as it is', () => {
    expect(formatThousands('n/a')).toBe('n/a');
  });
});

describe('formatDateTime', () => {
  const instant = Date.UTC(2026, 10, 22, 7, 5, 9);

  it('shows year-month-day hour:minute in the given time zone', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('2026-11-22 07:05');
    expect(formatDateTime(instant, 'Asia/Tokyo')).toBe('2026-11-22 16:05');
    expect(formatDateTime(instant, 'America/Los_Angeles')).toBe('2026-11-21 23:05');
  });

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime(Date.UTC(2026, 0, 1, 0, 0), 'UTC')).toBe('2026-01-01 00:00');
  });

  it('accepts a Date, an ISO string and epoch milliseconds alike', () => {
    expect(formatDateTime(new Date(instant), 'UTC')).toBe('2026-11-22 07:05');
    expect(formatDateTime('2026-11-22T07:05:09.000+00:00', 'UTC')).toBe('2026-11-22 07:05');
  });

  it('uses local time when no time zone is given', () => {
    const date = new Date(instant);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
    expect(formatDateTime(date)).toBe(local);
  });

  it('answers an empty string for an invalid date or time zone', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(NaN)).toBe('');
    expect(formatDateTime(instant, 'Mars/Olympus_Mons')).toBe('');
  });
});

describe('formatLongDate', () => {
  it('shows the en-US long form', () => {
    expect(formatLongDate(Date.UTC(2026, 10, 22, 12), 'UTC')).toBe('November 22, 2026');
  });

  it('takes the day from the given time zone', () => {
    expect(formatLongDate(Date.UTC(2026, 10, 22, 2), 'America/New_York')).toBe('November 21, 2026');
  });

  it('answers an empty string for an invalid date', () => {
    expect(formatLongDate('yesterday-ish')).toBe('');
  });
});

describe('formatPrice', () => {
  it('writes minor units the locale’s way, with the currency’s own decimals', () => {
    expect(formatPrice({ currency: 'USD', amount: 599 }, 'en-US')).toBe('$5.99');
    // Intl puts a no-break space between amount and sign.
    expect(formatPrice({ currency: 'EUR', amount: 549 }, 'es')).toBe('5,49\u00a0€');
    // The yen has no minor unit: 500 is ¥500.
    expect(formatPrice({ currency: 'JPY', amount: 500 }, 'ja')).toBe('￥500');
  });

  it('falls back to the amount and the code for a currency Intl does not know', () => {
    expect(formatPrice({ currency: 'XX1', amount: 5 }, 'en-US')).toBe('5 XX1');
  });
});

describe('formatPlayingTime', () => {
  it('writes minutes and seconds, and hours once a film reaches them', () => {
    expect(formatPlayingTime(0)).toBe('0:00');
    expect(formatPlayingTime(75.9)).toBe('1:15');
    expect(formatPlayingTime(3725)).toBe('1:02:05');
  });

  it('shows an unknown or broken length as 0:00', () => {
    expect(formatPlayingTime(Number.NaN)).toBe('0:00');
    expect(formatPlayingTime(-5)).toBe('0:00');
  });
});
