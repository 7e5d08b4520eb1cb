// Prints the transparency report's figures, counted from this server's moderation records, as the
// content of content/transparency.json (the database is the one DATABASE_URL / DATA_DIR name):
//   node scripts/transparency-report.ts > content/transparency.json && npm run build
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { transparencyReportFromRecords } from '../server/services/transparency.ts';

const database = openDatabase(loadConfig().database);
try {
  process.stdout.write(`${JSON.stringify(await transparencyReportFromRecords(database.db, new Date()), null, 2)}\n`);
} finally {
  await database.close();
}
