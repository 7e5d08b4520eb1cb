// The operator's commands: `npm run nubo -- <command>`, with the same configuration (environment
// variables) as the server, on the same database.
//
//   codes mint --plan <id> --count <n> [--days <valid days, 365>] [--out <file.csv>]
//     Mints activation codes for a plan of PLANS_FILE and writes them as CSV (code, plan,
//     expires_at) to the file or to standard output. Only the codes' hashes are stored: this is
//     the one time they can be read.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { memoryCounterStore } from './auth/rate-limits.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { ServiceError } from './errors.ts';
import { standingRules } from './services/premium/standing.ts';
import { premiumService } from './services/premium.ts';

const USAGE = 'usage: npm run nubo -- codes mint --plan <id> --count <n> [--days <valid days>] [--out <file.csv>]';

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
    const csv = `code,plan,expires_at\n${minted.codes.map((code) => `${code},${values.plan},${expires}\n`).join('')}`;
    if (values.out) writeFileSync(values.out, csv, { mode: 0o600 });
    else process.stdout.write(csv);
    console.error(`nubo: minted ${minted.codes.length} codes for plan ${values.plan}, valid until ${expires} (batch ${minted.batch})`);
  } finally {
    await counters.close();
    await database.close();
  }
}

class UsageError extends Error {}

async function main(argv: string[]) {
  const [group, command, ...rest] = argv;
  try {
    if (group === 'codes' && command === 'mint') return await mintCodes(rest);
    throw new UsageError(USAGE);
  } catch (failure) {
    if (
      failure instanceof UsageError ||
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
