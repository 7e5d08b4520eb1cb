// npm run bench: Nubo's figures beside their floor, measured in the same run on this machine, so
// each reads as "what Nubo adds" rather than as a number whose meaning depends on the machine.
// `npm run bench -- transfer listing` runs only the benches whose names are given.
import os from 'node:os';
import { benchAccounts } from './accounts.ts';
import { benchExtension } from './extension.ts';
import { benchHugeFolder } from './huge-folder.ts';
import { benchListing } from './listing.ts';
import { benchLoad } from './load.ts';
import { benchMedia } from './media.ts';
import { benchOffline } from './offline.ts';
import { benchRestore } from './restore.ts';
import { benchSharePage } from './share-page.ts';
import { benchSite } from './site.ts';
import { benchStartup } from './startup.ts';
import { printTable, type Table } from './table.ts';
import { benchTransfer } from './transfer.ts';

const BENCHES: Record<string, () => Promise<Table>> = {
  startup: benchStartup,
  accounts: benchAccounts,
  'listing-sqlite': () => benchListing('sqlite'),
  'listing-postgres': () => benchListing('postgres'),
  'restore-sqlite': () => benchRestore('sqlite'),
  'restore-postgres': () => benchRestore('postgres'),
  'share-page': benchSharePage,
  load: benchLoad,
  'huge-folder': benchHugeFolder,
  site: benchSite,
  transfer: benchTransfer,
  offline: benchOffline,
  extension: benchExtension,
  media: benchMedia,
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !Object.keys(BENCHES).some((bench) => bench.startsWith(name)));
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')}; known: ${Object.keys(BENCHES).join(', ')}`);
  process.exit(2);
}
console.log(`Nubo benchmarks on ${os.cpus().length} cores, Node ${process.versions.node}`);
for (const [name, bench] of Object.entries(BENCHES)) {
  if (wanted.length === 0 || wanted.some((prefix) => name.startsWith(prefix))) printTable(await bench());
}
