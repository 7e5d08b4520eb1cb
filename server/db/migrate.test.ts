import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../testing/harness.ts';
import { type NuboDatabase, openDatabase } from './database.ts';
import { MigrationError } from './migrate.ts';

// A small migration set written for this test, so the runner is pinned on both engines
// independently of which tables Nubo has today.
const createNotes: Migration = {
  up: (db: Kysely<any>) =>
    db.schema
      .createTable('note')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute(),
  down: (db: Kysely<any>) => db.schema.dropTable('note').execute(),
};
const addNoteSize: Migration = {
  up: (db: Kysely<any>) =>
    db.schema
      .alterTable('note')
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute(),
};

describe.each(ENGINES)('migrateToLatest on %s', (engine) => {
  let testDatabase: TestDatabase;
  let database: NuboDatabase;
  afterEach(async () => {
    await database?.close();
    await testDatabase?.drop();
  });

  async function open() {
    testDatabase = await createTestDatabase(engine);
    database = openDatabase(testDatabase.config);
    return database.db as Kysely<any>;
  }

  it('applies migrations in order, once', async () => {
    const db = await open();
    const first = await database.migrate({ '0001_notes': createNotes, '0002_note_size': addNoteSize });
    expect(first.map((r) => [r.migrationName, r.status])).toEqual([
      ['0001_notes', 'Success'],
      ['0002_note_size', 'Success'],
    ]);
    await db.insertInto('note').values({ id: 'a', body: 'hello', size: 5 }).execute();
    expect(await database.migrate({ '0001_notes': createNotes, '0002_note_size': addNoteSize })).toEqual([]);
    // 64-bit integers come back as numbers on both engines.
    expect(await db.selectFrom('note').select(['id', 'size']).execute()).toEqual([{ id: 'a', size: 5 }]);
  });

  it('stops at a failing migration with a MigrationError, and a fixed set then completes', async () => {
    const db = await open();
    const broken: Migration = { up: async (d: Kysely<any>) => void (await sql`this is not sql`.execute(d)) };
    const failure = await database.migrate({ '0001_notes': createNotes, '0002_broken': broken }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).results.map((r) => r.status)).toEqual(['Success', 'Error']);
    // PostgreSQL rolls the whole run back (transactional DDL); SQLite keeps the ones before it.
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    if (engine === 'postgres') expect(tables).not.toContain('note');
    else expect(tables).toContain('note');
    const fixed = await database.migrate({ '0001_notes': createNotes, '0002_note_size': addNoteSize });
    expect(fixed.at(-1)).toMatchObject({ migrationName: '0002_note_size', status: 'Success' });
  });
});
