// The operator's commands: `npm run nubo -- <command>`, with the same configuration (environment
// variables) as the server, on the same database.
//
//   codes mint --plan <id> --count <n> [--days <valid days, 365>] [--out <file.csv>]
//     Mints activation codes for a plan of PLANS_FILE and writes them as CSV (code, plan,
//     expires_at) to the file or to standard output. Only the codes' hashes are stored: this is
//     the one time they can be read.
//
//   backup <dir>
//     A consistent copy of the SQLite database (SQLite's online backup: the server may keep
//     running) and of every blob it refers to, into a new or empty folder.
//
//   admin grant <email>
//     Gives the account of that address the operator role (the console, the operator API). This is
//     how the first operator is made where the server sends no mail: ADMIN_EMAILS names operators
//     only once they confirm their address by mail.
//
//   restore <dir> [--replace]
//     Puts a backup back: its blobs into the blob folder, then its database (stop the server
//     first; --replace when a database is already there).
//
// On PostgreSQL or S3, their own tools do this (the README's "Backups").
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { memoryCounterStore } from './auth/rate-limits.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { ServiceError } from './errors.ts';
import { presentMintedCodes } from './presenters/premium.ts';
import { adminService } from './services/admin.ts';
import { BackupError, backup, type LocalStorage, restore } from './services/backup.ts';
import { standingRules } from './services/premium/standing.ts';
import { premiumService } from './services/premium.ts';

const USAGE = [
  'usage: npm run nubo -- codes mint --plan <id> --count <n> [--days <valid days>] [--out <file.csv>]',
  '       npm run nubo -- admin grant <email>',
  '       npm run nubo -- backup <dir>',
  '       npm run nubo -- restore <dir> [--replace]',
].join('\n');

/** The database file and blob folder a backup reads or a restore writes: SQLite and blobs on disk only. */
function localStorageOf(config: Config): LocalStorage {
  if (config.database.engine !== 'sqlite')
    throw new BackupError('the database is PostgreSQL: back it up with pg_dump and restore it with pg_restore (see the README\'s "Backups")');
  if (config.blobStore.driver !== 'local')
    throw new BackupError('the blobs are in an S3 bucket: keep them with the bucket\'s versioning or replication (see the README\'s "Backups")');
  return { databaseFile: config.database.file, blobsDir: config.blobStore.dir };
}

async function backUp(args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError(USAGE);
  const target = path.resolve(positionals[0]!);
  const done = await backup(localStorageOf(loadConfig()), target);
  if (done.missing.length > 0) {
    throw new BackupError(
      `${done.missing.length} blobs were deleted for ever while the backup ran (${done.missing.slice(0, 3).join(', ')}…): ${target} is not whole; back up again into a new folder`,
    );
  }
  console.error(`nubo: backed up the database and ${done.blobs} blobs (${done.bytes} bytes) into ${target}`);
}

async function restoreBackup(args: string[]) {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { replace: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new UsageError(USAGE);
  const source = path.resolve(positionals[0]!);
  const restored = await restore(source, localStorageOf(loadConfig()), { replace: values.replace });
  console.error(`nubo: restored the backup of ${restored.created_at} (Nubo ${restored.version}, ${restored.blobs} blobs)`);
}

async function mintCodes(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { plan: { type: 'string' }, count: { type: 'string' }, days: { type: 'string', default: '365' }, out: { type: 'string' } },
  });
  if (!values.plan || !values.count) throw new UsageError(USAGE);
  const config = loadConfig();
  const database = openDatabase(config.database);
  const counters = memoryCounterStore();
  try {
    await database.migrate();
    const premium = premiumService({ db: database.db, plans: config.plans, standing: standingRules(config.plans), counters, payments: false });
    const minted = await premium.mintCodes({ planId: values.plan, count: Number(values.count), validDays: Number(values.days) });
    const expires = new Date(minted.expiresAt).toISOString();
    const csv = presentMintedCodes(minted, values.plan);
    if (values.out) writeFileSync(values.out, csv, { mode: 0o600 });
    else process.stdout.write(csv);
    console.error(`nubo: minted ${minted.codes.length} codes for plan ${values.plan}, valid until ${expires} (batch ${minted.batch})`);
  } finally {
    await counters.close();
    await database.close();
  }
}

async function grantAdmin(args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError(USAGE);
  const database = openDatabase(loadConfig().database);
  try {
    await database.migrate();
    const user = await adminService({ db: database.db }).grantRoleByCommand(positionals[0]!);
    console.error(`nubo: ${user.email} has the operator role`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

async function main(argv: string[]) {
  const [group, command, ...rest] = argv;
  try {
    if (group === 'codes' && command === 'mint') return await mintCodes(rest);
    if (group === 'admin' && command === 'grant') return await grantAdmin(rest);
    if (group === 'backup') return await backUp(argv.slice(1));
    if (group === 'restore') return await restoreBackup(argv.slice(1));
    throw new UsageError(USAGE);
  } catch (failure) {
    if (
      failure instanceof UsageError ||
      failure instanceof BackupError ||
      failure instanceof ConfigError ||
      failure instanceof ServiceError ||
      (failure as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`nubo: ${(failure as Error).message}`);
      process.exitCode = 2;
      return;
    }
    throw failure;
  }
}

await main(process.argv.slice(2));
