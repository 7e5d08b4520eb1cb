// Real servers for server tests: a fresh SQLite file or a fresh PostgreSQL schema per server,
// listening on a free port, so tests talk HTTP to exactly what runs in production.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Config, type DatabaseConfig, loadConfig, type OfflineConfig } from '../config.ts';
import { openDatabase, quoteIdentifier } from '../db/database.ts';
import type { ResolveHost } from '../offline/network-guard.ts';
import { defaultPlans } from '../plans.ts';
import { type RunningServer, startServer } from '../server.ts';
import { type AccountLimits, DEFAULT_LIMITS } from '../services/accounts.ts';
import { adminService } from '../services/admin.ts';
import { DEFAULT_REDEEM_LIMITS } from '../services/premium.ts';

export const ENGINES = ['sqlite', 'postgres'] as const;
export type TestEngine = (typeof ENGINES)[number];

/** The machine's PostgreSQL (trust auth); CI and development machines both have it. */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestDatabase = { config: DatabaseConfig; drop(): Promise<void> };

export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nubo-test-db-'));
    return { config: { engine: 'sqlite', file: path.join(dir, 'nubo.db') }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `nubo_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withPostgres((client) => client.query(`create schema ${quoteIdentifier(schema)}`));
  return {
    config: { engine: 'postgres', url: TEST_POSTGRES_URL, schema },
    drop: () => withPostgres((client) => client.query(`drop schema if exists ${quoteIdentifier(schema)} cascade`)).then(() => {}),
  };
}

/**
 * A PostgreSQL database of its own, as an operator's would be, for tests that run the server as
 * processes: they are given nothing but its URL. `drop` ends its connections and removes it.
 */
export async function createOwnPostgresDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `nubo_${label}_${randomBytes(6).toString('hex')}`;
  await withPostgres((client) => client.query(`create database ${quoteIdentifier(name)}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => withPostgres((client) => client.query(`drop database if exists ${quoteIdentifier(name)} with (force)`)).then(() => {}) };
}

async function withPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export type TestServer = RunningServer & { config: Config; dispose(): Promise<void> };

/**
 * Limits for tests that are not about limits: every request of a test run comes from 127.0.0.1,
 * so per-address limits are lifted; per-account rules stay as they ship.
 */
export const TEST_LIMITS: AccountLimits = {
  ...DEFAULT_LIMITS,
  signInPerIp: { ...DEFAULT_LIMITS.signInPerIp, max: 100_000 },
  signInFailuresPerIp: { ...DEFAULT_LIMITS.signInFailuresPerIp, captchaAt: 100_000 },
  signUpPerIp: { ...DEFAULT_LIMITS.signUpPerIp, max: 100_000 },
  tokenPerIp: { ...DEFAULT_LIMITS.tokenPerIp, max: 100_000 },
  challengesPerIp: { ...DEFAULT_LIMITS.challengesPerIp, max: 100_000 },
  deviceCodesPerIp: { ...DEFAULT_LIMITS.deviceCodesPerIp, max: 100_000 },
  userCodeTriesPerIp: { ...DEFAULT_LIMITS.userCodeTriesPerIp, max: 100_000 },
};

/**
 * Offline-download settings for a test: the shipped ones (the DHT on, uTP, no seeding) but where a
 * test needs another value, each said why, and what the test changes.
 */
export function testOfflineConfig(changes: Partial<OfflineConfig> = {}): OfflineConfig {
  return {
    // The test's own servers on loopback stand for the internet.
    allowNetworks: ['127.0.0.1/32'],
    activeTasks: 5,
    dailyTasks: 100,
    // Nothing a test fetches comes near it; a test of the limit does not have to fetch 100 GiB.
    maxSize: 64 * 1024 * 1024,
    // Short waits, so that a test of a stalled download or of a torrent nobody shares ends in seconds.
    stallSeconds: 10,
    noPeersSeconds: 5,
    // Any free port: test servers run side by side (the shipped fixed port has a test of its own).
    torrentPort: 0,
    dht: true,
    // A DHT that knows no node, unless the test names one: tests reach no DHT router on the internet.
    dhtNodes: [],
    seed: false,
    ...changes,
  };
}

export async function startTestServer(
  engine: TestEngine,
  overrides: Partial<Config> = {},
  limits: AccountLimits = TEST_LIMITS,
  resolveHost?: ResolveHost,
): Promise<TestServer> {
  // A database given in overrides is shared with another server (scale-out tests) and kept.
  const database = overrides.database ? { config: overrides.database, drop: async () => {} } : await createTestDatabase(engine);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nubo-test-data-'));
  // The port is chosen before start so the links the server hands out (PUBLIC_URL) reach it.
  const port = String(await freePort());
  const config: Config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      PORT: port,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Any free port: test servers run side by side (the shipped fixed port has a test of its own).
      OFFLINE_TORRENT_PORT: '0',
    }),
    database: database.config,
    ...overrides,
  };
  // Tests reach no DHT router on the internet: the DHT knows no node unless the test names one.
  config.offline = { ...config.offline, dhtNodes: config.offline.dhtNodes ?? [] };
  // As at start: without a plans file, the free tier's offline limits are the offline settings'.
  if (overrides.offline && !overrides.plans) config.plans = defaultPlans(overrides.offline);
  const server = await startServer(config, {
    logger: process.env.NUBO_TEST_LOGS ? { level: 'error' } : false,
    limits,
    redeemLimits: { ...DEFAULT_REDEEM_LIMITS, perAddress: { ...DEFAULT_REDEEM_LIMITS.perAddress, max: 100_000 } },
    ...(resolveHost ? { resolveHost } : {}),
  });
  return {
    ...server,
    config,
    async dispose() {
      await server.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A migrated database of its own, open, for tests of a repository or a service without a server. */
export async function migratedDatabase(engine: TestEngine) {
  const testDatabase = await createTestDatabase(engine);
  const database = openDatabase(testDatabase.config);
  await database.migrate();
  return {
    database,
    config: testDatabase.config,
    drop: async () => {
      await database.close();
      await testDatabase.drop();
    },
  };
}

/** A migrated database of its own with one user, u1. */
export async function databaseWithUser(engine: TestEngine) {
  const migrated = await migratedDatabase(engine);
  const at = Date.now();
  await migrated.database.db
    .insertInto('user')
    .values({ id: 'u1', email: 'u1@example.org', name: 'U', password_hash: null, created_at: at, updated_at: at })
    .execute();
  return migrated;
}

/** The operator role for the account of `email`, given as `npm run nubo -- admin grant <email>` gives it. */
export async function grantOperatorRole(server: TestServer, email: string): Promise<void> {
  await adminService({ db: server.database.db }).grantRoleByCommand(email);
}
