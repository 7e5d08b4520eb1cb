// How sizes, numbers, dates and durations are shown everywhere (SPEC §9).

export const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

const SIZE_STEP = 1024;
/** The API's placeholder for a size it cannot show (non-numeric or negative, e.g. "-1" = unlimited). */
const UNKNOWN_SIZE = '*';

/** `1536` → '1.50 KB'; accepts the API's int64 strings; bytes are whole, larger units get `decimals`. */
export function formatSize(bytes: number | string | null | undefined, decimals = 2): string {
  const value = sizeValue(bytes);
  if (value === undefined) return UNKNOWN_SIZE;
  const places = Math.min(Math.max(Math.trunc(decimals) || 0, 0), 20);
  let unit = value > 0 ? Math.min(Math.floor(Math.log(value) / Math.log(SIZE_STEP)), SIZE_UNITS.length - 1) : 0;
  let shown = roundIn(value, unit, places);
  // 1023.999 KB must read 1.00 MB, not 1024.00 KB.
  if (Number(shown) >= SIZE_STEP && unit < SIZE_UNITS.length - 1) {
    unit += 1;
    shown = roundIn(value, unit, places);
  }
  return `${shown} ${SIZE_UNITS[unit]}`;
}

function roundIn(bytes: number, unit: number, places: number): string {
  const scaled = bytes / SIZE_STEP ** unit;
  return unit === 0 ? String(Math.round(scaled)) : scaled.toFixed(places);
}

function sizeValue(bytes: number | string | null | undefined): number | undefined {
  if (typeof bytes === 'string' && bytes.trim() === '') return undefined;
  const value = typeof bytes === 'string' ? Number(bytes) : bytes;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** '-1234567.891' → '-1,234,567.891'; anything that does not start with digits is returned as it is. */
export function formatThousands(n: number | string): string {
  const text = String(n).trim();
  const match = /^([+-]?)(\d+)(.*)$/s.exec(text);
  if (!match) return text;
  const [, sign, digits, rest] = match;
  return `${sign}${digits!.replace(/\B(?=(\d{3})+$)/g, ',')}${rest}`;
}

/** 'YYYY-MM-DD HH:mm' in local time, or in `timeZone`; '' for an invalid date or time zone. */
export function formatDateTime(date: Date | string | number, timeZone?: string): string {
  const parts = dateTimeParts(date, timeZone);
  if (!parts) return '';
  return `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** 'November 22, 2026': long dates are always in en-US, whatever the page locale (SPEC §9). */
export function formatLongDate(date: Date | string | number, timeZone?: string): string {
  const formatter = formatterFor('en-US', LONG_DATE_OPTIONS, timeZone);
  const time = toTime(date);
  return formatter && time !== undefined ? formatter.format(time) : '';
}

const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const LONG_DATE_OPTIONS: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric' };

type DateTimeParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

function dateTimeParts(date: Date | string | number, timeZone: string | undefined): DateTimeParts | undefined {
  const formatter = formatterFor('en-US', DATE_TIME_OPTIONS, timeZone);
  const time = toTime(date);
  if (!formatter || time === undefined) return undefined;
  const parts: DateTimeParts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of formatter.formatToParts(time)) {
    if (part.type in parts) parts[part.type as keyof DateTimeParts] = part.value;
  }
  return parts;
}

function toTime(date: Date | string | number): number | undefined {
  const time = (date instanceof Date ? date : new Date(date)).getTime();
  return Number.isNaN(time) ? undefined : time;
}

// Building an Intl formatter is slow next to using one, and lists format many dates at once.
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat | undefined {
  const key = `${locale}|${JSON.stringify(options)}|${timeZone ?? ''}`;
  if (!formatters.has(key)) {
    try {
      formatters.set(key, new Intl.DateTimeFormat(locale, { ...options, timeZone }));
    } catch {
      formatters.set(key, null);
    }
  }
  return formatters.get(key) ?? undefined;
}

/**
 * A price as the visitor's locale writes it: `{ currency: 'EUR', amount: 549 }` (minor units) →
 * '5,49 €' in de, '€5.49' in en-US. The currency's own decimals say where the minor unit is.
 */
export function formatPrice(price: { currency: string; amount: number }, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: price.currency });
    const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(price.amount / 10 ** decimals);
  } catch {
    return `${price.amount} ${price.currency}`;
  }
}

/** A playing time or a film's length: `75` → '1:15', `3725` → '1:02:05' (whole seconds, rounded down). */
export function formatPlayingTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
