import { readFileSync } from 'node:fs';

/** Nubo's version, from the root package.json. */
export const VERSION: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
