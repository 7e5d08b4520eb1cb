// One Kysely instance over either SQLite (better-sqlite3, the embedded default) or PostgreSQL.
// Everything above this file speaks Kysely and does not know which engine it runs on.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Migration, MigrationResult } from 'kysely/migration';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { type Checkpoints, checkpointsWhileBusy } from './checkpoints.ts';
import { migrateToLatest } from './migrate.ts';
import { MIGRATIONS } from './migrations/index.ts';
import type { Database } from './schema.ts';

export type Engine = DatabaseConfig['engine'];

export type NuboDatabase = {
  db: Kysely<Database>;
  engine: Engine;
  /** Brings the schema to the latest migration (or to the given set, for tests of the runner). */
  migrate(migrations?: Record<string, Migration>): Promise<MigrationResult[]>;
  /** Answers whether the database takes queries now (for /readyz). */
  ping(): Promise<boolean>;
  /**
   * On SQLite, a mark that differs after anything was written to the database since it was last
   * read, by this process or another: what was read at one mark may be kept and used while the mark
   * stays. PostgreSQL has no such cheap mark (undefined): what is read from it is read anew.
   */
  changeMark?(): string;
  /** The connection pool's counts, on PostgreSQL (SQLite has one connection, and no pool). */
  pool?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export function openDatabase(config: DatabaseConfig): NuboDatabase {
  const { db, pool, checkpoints, changeMark } =
    config.engine === 'sqlite'
      ? { ...openSqlite(config.file), pool: undefined }
      : { ...openPostgres(config.url, config.schema), checkpoints: undefined, changeMark: undefined };
  const schema = config.engine === 'postgres' ? config.schema : undefined;
  return {
    db,
    engine: config.engine,
    ...(changeMark ? { changeMark } : {}),
    ...(pool ? { pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) } : {}),
    migrate: (migrations = MIGRATIONS) => migrateToLatest(db, migrations, schema),
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

/**
 * The pages SQLite keeps in this process, in KiB: SQLite's own default. better-sqlite3 builds it
 * with 16 MB, and that cache filled as the database grew, so under a steady mixed load the server
 * kept ~8 MiB more each minute for minutes on end. The OS keeps the file's pages anyway: a
 * 100,000-file folder lists as fast with 2 MB (`npm run bench`: listing, load).
 */
export const PAGE_CACHE_KIB = 2000;

function openSqlite(file: string): { db: Kysely<Database>; checkpoints: Checkpoints; changeMark: () => string } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while one writer commits; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const checkpoints = checkpointsWhileBusy(file);
  // Statements that write, counted as they are handed out: better-sqlite3 runs a statement in the
  // same turn it is prepared in, so no read can fall between the count and the write. What other
  // connections commit (another server process on the same file) SQLite counts in data_version.
  let writes = 0;
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const prepare = preparedStatementCache(sqlite, () => {
    writes++;
    checkpoints.noteWrite();
  });
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: { prepare, close: () => sqlite.close() } }) }),
    checkpoints,
    changeMark: () => `${writes}.${dataVersion.get() as number}`,
  };
}

/** As many distinct statements as are kept prepared; queries with `in (?, ?, …)` vary by their count. */
const PREPARED_STATEMENTS = 500;

/**
 * Kysely prepares every query it runs anew, and compiling SQL costs as much as running a small
 * query (a tenth of a share page's time). The same SQL text gets the same prepared statement,
 * least recently used first out; one still being iterated is never handed out twice. Each write
 * it hands out is told to `onWrite`.
 */
function preparedStatementCache(sqlite: SQLite.Database, onWrite: () => void): (sql: string) => SQLite.Statement {
  const prepared = new Map<string, SQLite.Statement>();
  return (sql) => {
    const statement = prepared.get(sql);
    if (statement && !statement.busy) {
      if (!statement.reader) onWrite();
      prepared.delete(sql);
      prepared.set(sql, statement);
      return statement;
    }
    const fresh = sqlite.prepare(sql);
    if (!fresh.reader) onWrite();
    prepared.set(sql, fresh);
    if (prepared.size > PREPARED_STATEMENTS) prepared.delete(prepared.keys().next().value!);
    return fresh;
  };
}

/** PostgreSQL's driver, loaded when a database URL asks for it: a server on SQLite never loads it. */
const loadPg = () => createRequire(import.meta.url)('pg') as typeof pg;

function openPostgres(url: string, schema: string | undefined): { db: Kysely<Database>; pool: pg.Pool } {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // 64-bit integers (times in ms, sizes in bytes) as numbers: every value Nubo stores fits in 2^53.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)),
    } as pg.CustomTypesConfig,
    // A schema of its own keeps test runs (and several Nubos on one database) apart.
    ...(schema ? { options: `-c search_path=${quoteIdentifier(schema)}` } : {}),
  });
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

export function quoteIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a safe SQL identifier: ${name}`);
  return `"${name}"`;
}
