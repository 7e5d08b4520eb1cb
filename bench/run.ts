// npm run bench: Nubo's figures beside their floor, measured in the same run on this machine, so
// each reads as "what Nubo adds" rather than as a number whose meaning depends on the machine.
import os from 'node:os';
import { benchStartup } from './startup.ts';
import { benchAccounts } from './accounts.ts';
import { benchListing } from './listing.ts';
import { benchTransfer } from './transfer.ts';
import { benchRestore } from './restore.ts';
import { printTable } from './table.ts';

console.log(`Nubo benchmarks on ${os.cpus().length} cores, Node ${process.versions.node}`);
for (const bench of [benchStartup, benchAccounts, () => benchListing('sqlite'), () => benchListing('postgres'), () => benchRestore('sqlite'), () => benchRestore('postgres'), benchTransfer]) printTable(await bench());
