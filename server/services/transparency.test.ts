// The report's figures from real moderation records, on both engines.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTransparencyReport } from '#shared/transparency.ts';
import type { NuboDatabase } from '../db/database.ts';
import { ENGINES, migratedDatabase } from '../testing/harness.ts';
import { transparencyReportFromRecords } from './transparency.ts';

describe.each(ENGINES)('transparency report on %s', (engine) => {
  let database: NuboDatabase;
  let drop: () => Promise<void>;

  beforeEach(async () => {
    ({ database, drop } = await migratedDatabase(engine));
  });
  afterEach(() => drop());

  const record = (id: string, action: string, reason: string, at: string) =>
    database.db
      .insertInto('moderation_action')
      .values({ id, admin_id: 'admin', action, hashes: '[]', share_ids: '[]', reason, created_at: Date.parse(at) })
      .execute();

  it('counts each takedown once, by reason and half-year, newest period first', async () => {
    await record('a1', 'takedown:PROHIBITED', 'copyright: notice 2026-114', '2026-02-10T12:00:00Z');
    await record('a2', 'takedown:PROHIBITED', 'copyright', '2026-06-30T23:59:59Z');
    await record('a3', 'takedown:SENSITIVE_RESOURCE', 'malware', '2026-07-01T00:00:00Z');
    await record('a4', 'takedown:PROHIBITED', 'reported by a visitor', '2025-11-03T08:00:00Z');
    const report = await transparencyReportFromRecords(database.db, new Date('2026-11-23T10:00:00Z'));
    expect(report).toEqual({
      updated: '2026-11-23',
      periods: [
        { period: '2026-H2', takedowns: { copyright: 0, childSafety: 0, malware: 1, illegal: 0, abuse: 0, other: 0 } },
        { period: '2026-H1', takedowns: { copyright: 2, childSafety: 0, malware: 0, illegal: 0, abuse: 0, other: 0 } },
        { period: '2025-H2', takedowns: { copyright: 0, childSafety: 0, malware: 0, illegal: 0, abuse: 0, other: 1 } },
      ],
    });
    // What the script prints is what the site reads.
    expect(parseTransparencyReport(report).periods).toHaveLength(3);
  });

  it('leaves out moderation actions that took nothing down, and publishes no periods without records', async () => {
    await record('b1', 'restore', 'copyright', '2026-03-01T00:00:00Z');
    expect(await transparencyReportFromRecords(database.db, new Date('2026-11-23T10:00:00Z'))).toEqual({ updated: '2026-11-23', periods: [] });
  });
});
