import { describe, expect, it } from 'vitest';
import { DAY_MS, monthEnd, monthOf } from '../calendar.ts';
import { parsePlans } from '../plans.ts';
import { databaseWithUser, ENGINES } from '../testing/harness.ts';
import { giveGrant } from './premium/ledger.ts';
import { standingRules } from './premium/standing.ts';

const plans = parsePlans(
  { tiers: { free: { storage: 1000, monthly_traffic: 500 }, premium: { storage: 9000, monthly_traffic: -1 } }, plans: [] },
  { activeTasks: 5, dailyTasks: 100 },
);
const rules = standingRules(plans);
const MIDNIGHT = Date.parse('2026-12-01T00:00:00.000Z');

describe.each(ENGINES)('the premium ledger on %s', (engine) => {
  it('ends a grant exactly at its end: premium the millisecond before midnight, free at midnight', async () => {
    const { database, drop } = await databaseWithUser(engine);
    try {
      const start = MIDNIGHT - 3 * DAY_MS;
      await giveGrant(database.db, 'u1', { kind: 'premium', days: 3 }, { source: 'operator', sourceRef: 'a' }, start);
      await giveGrant(database.db, 'u1', { kind: 'storage', days: 3, bytes: 500 }, { source: 'operator', sourceRef: 'b' }, start);
      const before = await rules.standingOf(database.db, 'u1', MIDNIGHT - 1);
      expect([before.premium?.until, before.storageLimit, before.trafficLimit]).toEqual([MIDNIGHT, 9500, -1]);
      const after = await rules.standingOf(database.db, 'u1', MIDNIGHT);
      expect([after.premium, after.storageLimit, after.trafficLimit]).toEqual([undefined, 1000, 500]);
    } finally {
      await drop();
    }
  });

  it('extends premium: periods given one after another, or at once, follow each other without overlap', async () => {
    const { database, drop } = await databaseWithUser(engine);
    try {
      const at = MIDNIGHT;
      const first = await giveGrant(database.db, 'u1', { kind: 'premium', days: 10 }, { source: 'operator', sourceRef: '1' }, at);
      // Five more at once, as concurrent redemptions would give them.
      const more = await Promise.all(
        [2, 3, 4, 5, 6].map((n) =>
          database.db.transaction().execute((tx) => giveGrant(tx, 'u1', { kind: 'premium', days: 1 }, { source: 'operator', sourceRef: String(n) }, at + n)),
        ),
      );
      const periods = [first!, ...more.map((g) => g!)].sort((a, b) => a.starts_at - b.starts_at);
      expect(periods[0]!.ends_at).toBe(at + 10 * DAY_MS);
      for (let i = 1; i < periods.length; i++) expect(periods[i]!.starts_at).toBe(periods[i - 1]!.ends_at);
      expect((await rules.standingOf(database.db, 'u1', at + 1)).premium?.until).toBe(at + 15 * DAY_MS);
      // Storage and traffic start when given, side by side.
      const storage = await giveGrant(database.db, 'u1', { kind: 'storage', days: 2, bytes: 10 }, { source: 'operator', sourceRef: 's' }, at + 5);
      expect(storage!.starts_at).toBe(at + 5);
    } finally {
      await drop();
    }
  });

  it('gives one grant per source and reference, however often it is asked', async () => {
    const { database, drop } = await databaseWithUser(engine);
    try {
      const give = () => giveGrant(database.db, 'u1', { kind: 'traffic', days: 31, bytes: 100 }, { source: 'order', sourceRef: 'order-1' }, MIDNIGHT);
      const results = await Promise.all([give(), give(), give()]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect((await rules.standingOf(database.db, 'u1', MIDNIGHT + 1)).trafficLimit).toBe(600);
    } finally {
      await drop();
    }
  });

  it('counts traffic by calendar month, UTC', () => {
    expect(monthOf(MIDNIGHT - 1)).toBe(202611);
    expect(monthOf(MIDNIGHT)).toBe(202612);
    expect(monthEnd(MIDNIGHT - 1)).toBe(MIDNIGHT);
    expect(monthEnd(Date.parse('2026-12-31T23:59:59Z'))).toBe(Date.parse('2027-01-01T00:00:00Z'));
  });
});
