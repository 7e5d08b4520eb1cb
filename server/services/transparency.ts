// The transparency report's figures from this server's moderation records: every takedown action
// (moderation_action, written by the moderation service) counted by reason and half-year.
// scripts/transparency-report.ts prints them as content/transparency.json for the site.
import type { Kysely } from 'kysely';
import { countTakedowns, type TransparencyReportFile } from '#shared/transparency.ts';
import { moderationRepository } from '../db/repositories/moderation.ts';
import type { Database } from '../db/schema.ts';

export async function transparencyReportFromRecords(db: Kysely<Database>, updated: Date): Promise<TransparencyReportFile> {
  const actions = await moderationRepository(db).takedownActions();
  // bigint columns come back as strings from PostgreSQL.
  return countTakedowns(
    actions.map((action) => ({ createdAt: Number(action.created_at), reason: action.reason })),
    updated,
  );
}
