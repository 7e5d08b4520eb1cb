// Days and months as the server counts them: in UTC, so every server copy and every user share
// the same boundaries (a day's offline downloads, a day's check-in, a month's traffic).

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The day of a moment, as days since 1970-01-01 (UTC). */
export const dayOf = (at: number): number => Math.floor(at / DAY_MS);

/** The calendar month of a moment, as year × 100 + month: 202611. */
export function monthOf(at: number): number {
  const date = new Date(at);
  return date.getUTCFullYear() * 100 + date.getUTCMonth() + 1;
}

/** When the month of a moment ends: the traffic count starts over then. */
export function monthEnd(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
