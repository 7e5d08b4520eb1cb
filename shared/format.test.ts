import { describe, expect, it } from 'vitest';
import { DAY_MS, SIZE_UNITS, dayCount, durationParts, formatDateTime, formatDuration, formatLongDate, formatSize, formatThousands } from './format.ts';

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

  it('accepts the API\'s sizes sent as strings', () => {
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

describe('dayCount', () => {
  it('counts a day as 86,400,000 ms', () => {
    expect(DAY_MS).toBe(86_400_000);
    expect(dayCount(DAY_MS)).toBe(1);
    expect(dayCount(3 * DAY_MS)).toBe(3);
  });

  it('rounds up, so 1 ms counts as a day', () => {
    expect(dayCount(1)).toBe(1);
    expect(dayCount(DAY_MS + 1)).toBe(2);
  });

  it('counts zero, negative and NaN spans as 0 days', () => {
    expect(dayCount(0)).toBe(0);
    expect(Object.is(dayCount(-1), 0)).toBe(true);
    expect(dayCount(-5 * DAY_MS)).toBe(0);
    expect(dayCount(NaN)).toBe(0);
  });
});

describe('durationParts', () => {
  it('splits seconds into zero-padded days, hours, minutes and seconds', () => {
    expect(durationParts(90_061)).toEqual({ dd: '01', hh: '01', mm: '01', ss: '01' });
    expect(durationParts(59)).toEqual({ dd: '00', hh: '00', mm: '00', ss: '59' });
  });

  it('lets days grow past two digits', () => {
    expect(durationParts(123 * 86_400 + 3_600 * 23 + 60 * 59 + 58)).toEqual({ dd: '123', hh: '23', mm: '59', ss: '58' });
  });

  it('drops fractions of a second', () => {
    expect(durationParts(61.9)).toEqual({ dd: '00', hh: '00', mm: '01', ss: '01' });
  });

  it('answers all 00 for a negative or non-numeric duration', () => {
    const zero = { dd: '00', hh: '00', mm: '00', ss: '00' };
    expect(durationParts(-5)).toEqual(zero);
    expect(durationParts(NaN)).toEqual(zero);
  });
});

describe('formatDuration', () => {
  it('shows M:SS under an hour', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(754)).toBe('12:34');
    expect(formatDuration(3_599)).toBe('59:59');
  });

  it('shows H:MM:SS from an hour up, without rolling hours into days', () => {
    expect(formatDuration(3_600)).toBe('1:00:00');
    expect(formatDuration(3_725)).toBe('1:02:05');
    expect(formatDuration(25 * 3_600 + 1)).toBe('25:00:01');
  });

  it('drops fractions and treats negative lengths as zero', () => {
    expect(formatDuration(59.99)).toBe('0:59');
    expect(formatDuration(-30)).toBe('0:00');
  });
});
