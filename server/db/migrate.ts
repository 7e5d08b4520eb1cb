// Brings the schema to the latest migration on start. Both engines run the same migrations;
// Kysely's migrator takes a lock, so several servers starting at once migrate only once.
import type { Kysely } from 'kysely';
import { type Migration, type MigrationResult, Migrator } from 'kysely/migration';
import { MIGRATIONS } from './migrations/index.ts';

export class MigrationError extends Error {
  readonly results: MigrationResult[];
  constructor(cause: unknown, results: MigrationResult[]) {
    super(`database migration failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
    this.results = results;
  }
}

export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  migrations: Record<string, Migration> = MIGRATIONS,
  /**
   * PostgreSQL schema the tables live in. Kysely looks for its bookkeeping tables in every schema
   * unless told which one, and would take another schema's for its own.
   */
  schema?: string,
): Promise<MigrationResult[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw new MigrationError(error, results);
  return results;
}
